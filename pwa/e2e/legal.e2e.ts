import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated } from './page-checks.ts';

/** Each legal page with the sections the test jumps to: one in the middle and the last one. */
const LEGAL_PAGES = [
  { slug: 'privacy-policy', title: 'Privacy Policy', sections: 13, jumps: ['your-rights', 'contact'] },
  { slug: 'terms', title: 'Terms and Conditions', sections: 16, jumps: ['fees-and-payment', 'contact'] },
  {
    slug: 'refund-policy',
    title: 'Refund & Cancellation Policy',
    sections: 12,
    jumps: ['retreat-cancellations', 'contact'],
  },
  { slug: 'disclaimer', title: 'Disclaimer', sections: 6, jumps: ['medical', 'liability'] },
  { slug: 'cookie-policy', title: 'Cookie Policy', sections: 6, jumps: ['analytics', 'contact'] },
  { slug: 'ai-disclosure', title: 'AI Chatbot Disclosure', sections: 6, jumps: ['safety', 'responsibility'] },
] as const;

/** Resolves once the page has stopped scrolling (smooth scrolling takes a moment). */
async function scrollSettled(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY);
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

/** The heading is inside the viewport, below the fixed header, and nothing covers it. */
async function expectUncovered(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport();
  const header = await page.locator('header').first().boundingBox();
  const box = await heading.boundingBox();
  const viewport = page.viewportSize();
  expect(header && box && viewport).toBeTruthy();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport!.height);
  // What a reader's eye meets at the heading: the heading itself, or else the element over it.
  const onTop = await heading.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + 8, rect.top + rect.height / 2);
    if (hit !== null && element.contains(hit)) return 'the heading';
    return hit ? `${hit.tagName.toLowerCase()}.${hit.className} "${hit.textContent?.slice(0, 60)}"` : 'nothing';
  });
  expect(onTop).toBe('the heading');
}

async function jumpTo(page: Page, contents: Locator, id: string) {
  await contents.locator(`a[href="#${id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/legal/[a-z-]+#${id}$`));
  await scrollSettled(page);
  await expectUncovered(page, page.locator(`#${id} h2`));
  await expect(contents.locator(`a[href="#${id}"]`)).toHaveAttribute('aria-current', 'location');
}

for (const legal of LEGAL_PAGES) {
  test(`${legal.title}: the table of contents scrolls each chosen section into view`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/legal/${legal.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
    await expect(page.getByText('Last Updated: January 4, 2025')).toBeVisible();
    const contents = page.getByRole('navigation', { name: 'Table of contents' });
    await expect(contents).toBeVisible();
    await expect(contents.getByRole('link')).toHaveCount(legal.sections);
    for (const id of legal.jumps) await jumpTo(page, contents, id);

    // The contents stay in view beside the text while the reader is far down the page.
    await expect(contents).toBeInViewport();
  });
}

test('on a phone the contents open from the top of the page and take the reader to a section', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/legal/refund-policy');
  const contents = page.getByRole('navigation', { name: 'Table of contents' });
  const toggle = contents.getByRole('button', { name: 'Contents (12 sections)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await jumpTo(page, contents, 'rescheduling');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('a shared link to a section opens the page at that section', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/legal/disclaimer#results');
  const heading = page.locator('#results h2');
  await expect(heading).toBeVisible();
  // Until then the page's HTML holds taps (pointer-events: none), and the app has yet to correct the scroll.
  await hydrated(page);
  await scrollSettled(page);
  await expectUncovered(page, heading);
});

test('the footer links reach every legal page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const footerLegal = page.getByRole('navigation', { name: 'Legal & Policies' });
  for (const legal of LEGAL_PAGES) {
    await footerLegal.getByRole('link', { name: legal.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/legal/${legal.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${legal.title} - `));
  }
});

test('an unknown legal page shows the not-found page, answered with 404', async ({ page }) => {
  expect((await page.goto('/legal/xyz'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});
