import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilAppWanted } from './onDemand.ts';

/** A page as the server draws /signup: its root holds taps until an app lifts the hold. */
function signupPage() {
  document.body.innerHTML = `
    <div id="root" style="pointer-events:none">
      <form aria-label="Create account" action="/signup" method="post">
        <div class="MuiFormControl-root"><input name="name" value="Ada"></div>
        <div class="MuiFormControl-root"><input name="password" type="password" autocomplete="new-password"></div>
        <button type="button" aria-label="Show password">show</button>
        <button type="submit">Create Account</button>
      </form>
      <a href="/login">Sign in here</a>
    </div>`;
  const root = document.getElementById('root')!;
  const button = (name: string) => root.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
  return {
    root,
    showPassword: button('Show password'),
    submit: root.querySelector<HTMLButtonElement>('button[type="submit"]')!,
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a page whose app starts on demand', () => {
  it('takes taps at once and waits: typing, following a link and posting the form need no app', async () => {
    const { root, submit } = signupPage();
    const wanted = vi.fn();
    void untilAppWanted(root).then(wanted);
    expect(root.style.pointerEvents).toBe('');
    root.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
    root.querySelector('a')!.click();
    const form = root.querySelector('form')!;
    const posted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', posted);
    submit.click();
    await settled();
    expect(posted).toHaveBeenCalledOnce();
    expect(wanted).not.toHaveBeenCalled();
  });

  it('wants the app when a button that needs it is pressed, and presses it once the app has taken the page over', async () => {
    const { root, showPassword } = signupPage();
    const wanted = untilAppWanted(root);
    const presses = vi.fn();
    // The app's handler, as React would attach it at the root once hydrated.
    root.addEventListener('click', (event) => {
      if (event.target === showPassword) presses();
    });
    showPassword.click();
    await wanted;
    // Held while the app starts, and not pressed yet: the app has nothing to press it with.
    expect(root.style.pointerEvents).toBe('none');
    expect(presses).not.toHaveBeenCalled();
    // The layout lifts the hold once hydrated.
    root.style.removeProperty('pointer-events');
    await settled();
    expect(presses).toHaveBeenCalledOnce();
    showPassword.click();
    expect(presses).toHaveBeenCalledTimes(2);
  });

  it('draws the strength meter before the app, and takes it away for the app to hydrate the page as drawn', async () => {
    const { root, showPassword } = signupPage();
    const wanted = untilAppWanted(root);
    const meter = () => root.querySelector('[role="status"]');
    const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(meter()).toBeNull();
    password.value = 'password1';
    password.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() =>
      expect(meter()?.textContent).toBe('Password strength: Too easy to guess. This is a commonly used password.'),
    );
    password.value = 'Lantern-Over-Water-7';
    password.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(meter()?.textContent).toBe('Password strength: Strong'));
    expect(root.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('100');
    // Only there while a password is typed.
    password.value = '';
    password.dispatchEvent(new Event('input', { bubbles: true }));
    expect(meter()).toBeNull();
    password.value = 'Lantern-Over-Water-7';
    password.dispatchEvent(new Event('input', { bubbles: true }));
    expect(meter()).not.toBeNull();
    showPassword.click();
    await wanted;
    expect(meter()).toBeNull();
  });
});
