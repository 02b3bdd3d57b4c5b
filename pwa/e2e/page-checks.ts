import type { Page } from '@playwright/test';

/** A prerendered page has hydrated: its boundary lifted the HTML's hold on taps (src/prerender). */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    () => !document.getElementById('root')?.getAttribute('style')?.includes('pointer-events'),
    null,
    {
      polling: 'raf',
      timeout: 10_000,
    },
  );

/** The region the app announces outcomes in ("Welcome back!", "Login failed"), one at a time. */
export const noticeArea = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

/**
 * What goes wrong on the page from now on: uncaught errors (React reports a hydration mismatch
 * there) and console errors, except the 401 a signed-out visitor's /api/auth/me gets.
 */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('401')) problems.push(message.text());
  });
  return problems;
}
