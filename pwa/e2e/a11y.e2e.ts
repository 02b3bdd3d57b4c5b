import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openPage, signInAsMember, sitePaths } from './site-pages.ts';

// axe-core's full rule set on every page of the site, on a phone, signed out.

for (const signedIn of [false]) {
  for (const [width, height] of [[390, 844]] as const) {
    test(`${signedIn ? 'signed in' : 'signed out'} at ${width} px: axe finds no violation on any page, nor with the chat open`, async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
      const page = await context.newPage();
      if (signedIn) await signInAsMember(page);
      const found: string[] = [];
      const check = async (label: string) => {
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const v of violations)
          found.push(`${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
      };
      for (const path of await sitePaths(page.request)) {
        await openPage(page, path);
        await check(path);
      }
      await openPage(page, '/');
      await page.locator('.floating-control[aria-label="Open spiritual guidance chat"]').click();
      await expect(page.getByRole('dialog', { name: /Spiritual Guidance/ })).toBeVisible();
      await check('/ with the chat open');
      expect(found).toEqual([]);
      await context.close();
    });
  }
}
