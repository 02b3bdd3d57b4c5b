import { DEMO_ADMIN } from '@coach/dev-stack';
import { expect, type Page } from '@playwright/test';
import { noticeArea } from './page-checks.ts';
import { signInThroughForm } from './sign-in.ts';

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

/** The coach signs in at the admin door (`path`) through the app and lands on her dashboard. */
export async function coachSignIn(page: Page, path = '/admin/login'): Promise<void> {
  await signInThroughForm(page, DEMO_ADMIN, { path, button: 'Sign in to Admin' });
  await expect(noticeArea(page)).toContainText('Login successful');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
