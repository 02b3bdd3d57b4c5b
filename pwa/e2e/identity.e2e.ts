import { startStack, type Stack } from '@coach/dev-stack';
import { expect, test, type Page } from '@playwright/test';
import { waitForServiceWorker } from './offline-visitor.ts';
import { hydrated, pageProblems } from './page-checks.ts';

// The build every e2e file uses (made with the placeholder coach), served by a gateway of its own
// that names another coach: no build in between.
const ASHA = {
  COACH_NAME: 'Asha Rao',
  COACH_PUBLIC_EMAIL: 'hello@asha-rao.example',
  COACH_BOOKING_URL: 'https://cal.example/asha',
};
let stack: Stack;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack({ services: ['content', 'members', 'gateway'], logLevel: 'warn', env: ASHA });
});

test.afterAll(async () => {
  await stack?.stop();
});

const footer = (page: Page) => page.getByRole('contentinfo');

for (const path of ['/', '/about', '/legal/privacy-policy', '/blog', '/contact']) {
  test(`${path} names the configured coach and hydrates without a mismatch`, async ({ page }) => {
    const problems = pageProblems(page);
    await page.goto(`${stack.gatewayUrl}${path}`);
    await hydrated(page);
    await expect(page).toHaveTitle(/ - Asha Rao Coaching$/);
    await expect(footer(page)).toContainText('© 2025 Asha Rao Coaching');
    await expect(footer(page).getByRole('link', { name: 'Book Free Clarity Call' })).toHaveAttribute(
      'href',
      ASHA.COACH_BOOKING_URL,
    );
    await expect(footer(page).getByRole('link', { name: ASHA.COACH_PUBLIC_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${ASHA.COACH_PUBLIC_EMAIL}`,
    );
    // Hydrated: a header link navigates inside the app, without loading a new document.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(problems).toEqual([]);
  });
}

test.describe('an installed app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('takes the identity the gateway is restarted with, as it takes a new release', async ({ page }) => {
    await page.goto(`${stack.gatewayUrl}/contact`);
    await waitForServiceWorker(page);
    await stack.stopService('gateway');
    stack.env.gateway.COACH_NAME = 'Lena Berg';
    await stack.startService('gateway');

    // The worker answers with the shell it keeps, then finds that shell changed.
    await page.reload();
    const offer = page.getByRole('status', { name: 'New version available' });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(footer(page)).toContainText('© 2025 Lena Berg Coaching');
  });
});
