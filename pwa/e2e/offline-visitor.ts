import { expect, type BrowserContext, type Page } from '@playwright/test';

// What the offline tests do as a visitor: wait for the worker, lose the connection, send a message.

export const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** After the first visit: the worker is installed (precache complete), active and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

export async function sendContactMessage(page: Page, text: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Your Name').fill('Offline Seeker');
  await form.getByLabel('Email Address').fill('offline.e2e@example.com');
  await form.getByRole('combobox', { name: /Subject/ }).selectOption({ label: 'General Question' });
  await form.getByLabel('Your Message').fill(text);
  await form.getByRole('button', { name: 'Send Message' }).click();
}

export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect(notice(page, 'You are offline')).toBeVisible();
}
