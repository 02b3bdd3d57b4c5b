import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { coachSignIn as signInAtAdminDoor, openSection } from './workspace-nav.ts';

const sections = (page: Page) => page.getByRole('navigation', { name: 'Dashboard sections' });

async function coachSignIn(page: Page) {
  await signInAtAdminDoor(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** The dashboard has none of the public site's navigation, footer or floating widgets, and one Logout. */
async function expectWorkspaceOnly(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toBeAttached();
  // The widgets would mount once the page is idle: give them the time they would take.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Help and chat' })).toHaveCount(0);
  await expect(page.locator('[data-whisper-bubble]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ask the coach' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Testimonials' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
}

/** The unread number beside Messages in the side navigation (0 when none is shown). */
async function unreadCount(page: Page): Promise<number> {
  const text =
    (await sections(page)
      .getByRole('link', { name: /^Messages/ })
      .textContent()) ?? '';
  return Number(/(\d+) unread/.exec(text)?.[1] ?? 0);
}

test.describe("the coach's workspace", () => {
  test('has its own layout, one Logout, and the public header leads back to it', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await coachSignIn(page);
    await expectWorkspaceOnly(page);

    await page.getByRole('link', { name: 'View site' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expectWorkspaceOnly(page);

    // On a phone, the public menu holds the same entry.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open workspace menu' }).click();
    await page.getByRole('link', { name: 'View site' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('counts unread messages, and opening one lowers the count', async ({ page, request }) => {
    const id = Date.now().toString(36);
    const sent = await request.post('/api/contact', {
      data: {
        name: 'Nila Menon',
        email: `nila.${id}@example.com`,
        subject: 'general',
        message: `Hello, a question about sessions. ${id}`,
      },
    });
    expect(sent.status()).toBe(201);
    await coachSignIn(page);
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(0);
    const before = await unreadCount(page);
    await expect(page.getByRole('region', { name: 'Site counts' })).toContainText(`Unread Messages${before}`);

    await openSection(page, 'Messages');
    const row = page
      .getByRole('table', { name: 'Contact messages' })
      .getByRole('row')
      .filter({ hasText: `nila.${id}@example.com` });
    await expect(row.getByText('Unread')).toBeVisible();
    await row.getByRole('button', { name: 'View message from Nila Menon' }).click();
    const dialog = page.getByRole('dialog', { name: 'General Question' });
    await expect(dialog).toContainText(id);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => unreadCount(page)).toBe(before - 1);
    await expect(row.getByText('Unread')).toHaveCount(0);
    await page.reload();
    await expect.poll(() => unreadCount(page)).toBe(before - 1);
  });

  test('exports the subscribers as a CSV file', async ({ page, request }) => {
    const email = `csv.${Date.now().toString(36)}@example.com`;
    expect((await request.post('/api/newsletter', { data: { email } })).status()).toBe(202);
    await coachSignIn(page);
    await openSection(page, 'Newsletter');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('email,state,subscribedAt');
    expect(lines.find((line) => line.startsWith(`${email},`))).toMatch(
      new RegExp(`^${email.replace(/\./g, '\\.')},pending,\\d{4}-`),
    );
  });

  test('fits a 390 px phone: a top bar with the menu, nothing wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await coachSignIn(page);
    await expect(sections(page)).toBeHidden();
    for (const name of ['Users', 'Messages', 'Newsletter', 'Circle']) {
      await openSection(page, name);
      await expect(page).toHaveURL(/section=/);
      await expect(page.getByRole('dialog')).toBeHidden();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${name}: page width`).toBeLessThanOrEqual(390);
    }
    await page.getByRole('button', { name: 'Open workspace menu' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'View site' })).toBeVisible();
  });
});
