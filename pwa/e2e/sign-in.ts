import type { Page } from '@playwright/test';
import { hydrated } from './page-checks.ts';

/**
 * Signs in through /login's form once the app has taken it over, so a refusal is the app's own
 * (typed before the app wakes, the form posts without it: early-forms.e2e.ts walks that path).
 */
export async function signInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password\W*$/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
