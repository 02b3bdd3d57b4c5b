import { palette } from '../../shared/palette.ts';
import { judgeWhenTypingPauses, type Strength, strengthReading } from './strengthReading.ts';

const COLOURS = { error: palette.error, warning: palette.warning, success: palette.sage } as const;

/** The form's fields a password must not be made of (the app's meter is given the same). */
const USER_INPUTS = 'input[name="name"], input[name="username"], input[name="email"]';

/**
 * The strength meter of each new-password field on a page whose app has not started
 * (app/start/onDemand.ts): drawn by the page's small script, as PasswordStrengthMeter draws it.
 * Returns what takes the meters away again, so that the app hydrates the page as its HTML was.
 */
export function drawStrengthMetersBeforeApp(root: ParentNode): () => void {
  const removals = [...root.querySelectorAll<HTMLInputElement>('input[autocomplete="new-password"]')].map(meterFor);
  return () => removals.forEach((remove) => remove());
}

function meterFor(input: HTMLInputElement): () => void {
  const meter = document.createElement('div');
  meter.setAttribute('role', 'status');
  meter.setAttribute('aria-live', 'polite');
  const track = meter.appendChild(document.createElement('div'));
  track.setAttribute('role', 'progressbar');
  track.setAttribute('aria-label', 'Password strength');
  track.setAttribute('aria-valuemin', '0');
  track.setAttribute('aria-valuemax', '100');
  Object.assign(track.style, { height: '6px', borderRadius: '3px', overflow: 'hidden' });
  const bar = track.appendChild(document.createElement('div'));
  Object.assign(bar.style, { height: '100%', transition: 'width 0.4s linear' });
  const words = meter.appendChild(document.createElement('p'));
  Object.assign(words.style, { margin: '4px 0 0', fontSize: '0.875rem', lineHeight: '1.43' });
  const field = input.closest('.MuiFormControl-root') ?? input;

  const show = (strength: Strength | undefined) => {
    // Until the first judgement is in, its room is kept, as the app's meter keeps it.
    meter.style.visibility = strength ? '' : 'hidden';
    const { percent, color, acceptable, text } = strengthReading(strength ?? { score: 0 });
    track.setAttribute('aria-valuenow', String(percent));
    track.style.background = `color-mix(in srgb, ${COLOURS[color]} 38%, white)`;
    Object.assign(bar.style, { width: `${percent}%`, background: COLOURS[color] });
    words.style.color = acceptable ? palette.inkSoft : palette.error;
    words.textContent = strength ? text : 'Password strength';
  };
  let judged = false;
  let cancel = () => {};
  const update = () => {
    cancel();
    // There only while a password is typed, as the app's meter is.
    if (!input.value) {
      judged = false;
      return meter.remove();
    }
    if (!meter.isConnected) field.after(meter);
    if (!judged) show(undefined);
    const userInputs = [...(input.form?.querySelectorAll<HTMLInputElement>(USER_INPUTS) ?? [])].map((f) => f.value);
    cancel = judgeWhenTypingPauses(input.value, userInputs, (strength) => {
      judged = true;
      show(strength);
    });
  };
  update();
  input.form?.addEventListener('input', update);
  return () => {
    cancel();
    input.form?.removeEventListener('input', update);
    meter.remove();
  };
}
