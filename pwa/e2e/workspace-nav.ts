import type { Page } from '@playwright/test';

/**
 * Opens a section of the coach's dashboard from the workspace's side navigation (on a phone,
 * through the top bar's menu first). `name` matches the link's start, so "Messages" also finds
 * "Messages 2 unread".
 */
export async function openSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open workspace menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: new RegExp(`^${name}\\b`) })
    .click();
}
