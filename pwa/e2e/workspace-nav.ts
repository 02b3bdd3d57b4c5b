import { DEMO_ADMIN } from '@coach/dev-stack';
import { expect, type Page } from '@playwright/test';
import { hydrated, noticeArea } from './page-checks.ts';

/**
 * Opens a section of the coach's dashboard from the workspace's side navigation (on a phone,
 * through the top bar's menu first). `name` matches the link's start, so "Messages" also finds
 * "Messages 2 unread".
 */
export async function openSection(page: Page, name: string): Promise<void> {
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  const menu = page.getByRole('button', { name: 'Open workspace menu' });
  // The workspace is drawn once one of the two shows (it loads after the URL has changed).
  await expect(sections.or(menu).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await sections.getByRole('link', { name: new RegExp(`^${name}\\b`) }).click();
}

/** The coach signs in at the admin door (`path`) and lands on her dashboard. */
export async function coachSignIn(page: Page, path = '/admin/login'): Promise<void> {
  await page.goto(path);
  // The app's sign-in (its notices): typed before the app wakes, the form posts without it, and
  // the dashboard comes without a notice (early-forms.e2e.ts walks that path).
  await hydrated(page);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel(/^Password/).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in to Admin' }).click();
  await expect(noticeArea(page)).toContainText('Login successful');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
