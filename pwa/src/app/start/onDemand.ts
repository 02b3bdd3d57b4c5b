import { drawStrengthMetersBeforeApp } from '../../features/account/strengthMeterBeforeApp.ts';

/**
 * A page whose app starts on demand: what a visitor does there first needs no app. Its links and
 * its form work from its HTML (the gateway takes the form's post), and its strength meter is drawn
 * by this small script; the app and its libraries (about 280 kB gzipped) load only when a button
 * that needs them is pressed. Resolves then; that press is carried out once the app has taken the
 * page over.
 */
export function untilAppWanted(root: HTMLElement): Promise<void> {
  const removeMeters = drawStrengthMetersBeforeApp(root);
  // The page takes taps now: they need no app (held again below while it starts).
  root.style.removeProperty('pointer-events');
  return new Promise((resolve) => {
    // A button of type "button" does nothing without a script; a submit button posts the form.
    const wake = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
      if (!(button instanceof HTMLElement) || !root.contains(button)) return;
      event.preventDefault();
      event.stopPropagation();
      root.removeEventListener('click', wake, true);
      removeMeters();
      // Taps wait for the app again, as on any page drawn on the server; the layout lifts the hold
      // once the app has hydrated, and then the press is carried out, once.
      root.style.pointerEvents = 'none';
      const observer = new MutationObserver(() => {
        if (root.style.pointerEvents) return;
        observer.disconnect();
        if (button.isConnected) button.click();
      });
      observer.observe(root, { attributes: true, attributeFilter: ['style'] });
      resolve();
    };
    root.addEventListener('click', wake, true);
  });
}
