import type { Page } from '@playwright/test';
import { hydrated } from './page-checks.ts';

/** A sign-in form: the page it is on and its submit button. */
interface Door {
  path: string;
  button: string;
}
const MEMBERS_DOOR: Door = { path: '/login', button: 'Sign In' };

/**
 * Signs in through a sign-in form (the members' /login unless `door` names another) once the app
 * has taken it over, so a refusal is the app's own (typed before the app wakes, the form posts
 * without it: early-forms.e2e.ts walks that path).
 */
export async function signInThroughForm(
  page: Page,
  account: { email: string; password: string },
  door: Door = MEMBERS_DOOR,
): Promise<void> {
  await page.goto(door.path);
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password\W*$/).fill(account.password);
  await page.getByRole('button', { name: door.button, exact: true }).click();
}
