import { expect, test, type Browser, type Page } from '@playwright/test';
import { coveredControls } from './screen-checks.ts';
import { nextFrames, openPage, signInAsCoach, signInAsMember } from './site-pages.ts';

// The layout holds on every page, at every width: no widget in the way, nothing wider than the
// screen, a header that fits. One page per width and sign-in state, walked through every route.

const bubble = (page: Page) => page.locator('[data-whisper-bubble]');

async function newPage(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.clock.install();
  return page;
}

test.describe('widgets that never block', () => {
  test('closing a whisper keeps the others closed for the visit; Disable turns them off for good', async ({
    browser,
  }) => {
    const page = await newPage(browser, 1280, 800);
    await openPage(page, '/');
    await page.clock.fastForward(15_000);
    await expect(bubble(page)).toBeVisible();
    await bubble(page).getByRole('button', { name: 'Close whisper' }).click();
    await expect(bubble(page)).toHaveCount(0);

    await openPage(page, '/about');
    await page.clock.fastForward(50_000);
    await page.locator('main [data-whisper-hover="coaching"]').first().hover();
    await nextFrames(page);
    await expect(bubble(page)).toHaveCount(0);
    // The widget stays (only the whispers are closed); by the footer it steps aside, out of the accessibility tree.
    await expect(page.getByRole('button', { name: 'Ask the coach', includeHidden: true })).toBeAttached();

    // A new visit (a new tab of its own) hears them again, until Disable.
    const visit = await page.context().newPage();
    await visit.clock.install();
    await openPage(visit, '/');
    await visit.clock.fastForward(15_000);
    await bubble(visit).getByRole('button', { name: 'Disable' }).click();
    await visit.reload();
    await visit.clock.fastForward(15_000);
    await expect(visit.getByRole('contentinfo')).toBeVisible();
    await expect(visit.getByRole('button', { name: 'Ask the coach' })).toHaveCount(0);
    await expect(bubble(visit)).toHaveCount(0);
    await page.context().close();
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
    [1440, 900],
  ] as const) {
    test(`at ${width} px a whisper opens where it covers no control and no text: after a while, and beside a hovered booking button`, async ({
      browser,
    }) => {
      const page = await newPage(browser, width, height);
      const found: string[] = [];
      let seen = 0;
      const seenAt: string[] = [];
      const lookAtWhisper = async (where: string) => {
        seen += 1;
        seenAt.push(where);
        const covered = await coveredControls(page, { walk: false });
        const underneath = await bubble(page).evaluate((whisper) => {
          const box = whisper.getBoundingClientRect();
          const meets = (r: DOMRect) =>
            r.width > 0 && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
          return [...document.querySelectorAll('h1, h2, h3, h4, p, li, blockquote, label, td')]
            .filter((el) => !whisper.contains(el) && el.checkVisibility() && meets(el.getBoundingClientRect()))
            .map((el) => `text under it: ${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}"`);
        });
        found.push(...[...covered, ...underneath].map((problem) => `${where}: ${problem}`));
      };
      for (const path of ['/', '/about', '/coaching', '/blog', '/contact']) {
        await openPage(page, path);
        await page.clock.fastForward(15_000);
        // A whisper finding no free room waits for a scroll instead.
        if (await bubble(page).isVisible()) await lookAtWhisper(`${path} after 15 s`);
        await page.clock.fastForward(9_000);
        await expect(bubble(page)).toHaveCount(0);

        const booking = page.locator('main [data-whisper-hover="coaching"]').first();
        if ((await booking.count()) === 0) continue;
        await booking.scrollIntoViewIfNeeded();
        await booking.hover();
        await nextFrames(page);
        // Beside the button when there is room there; else not at all.
        if (await bubble(page).isVisible()) await lookAtWhisper(`${path} hovering the booking button`);
      }
      expect(found).toEqual([]);
      // Whispers do open: on most of these pages of a wide screen, on a few of a phone's (less room).
      expect(seen, seenAt.join(', ')).toBeGreaterThanOrEqual(width < 600 ? 2 : 5);
      await page.context().close();
    });
  }

  test('on a 320 x 640 phone the sign-in form is free to press on its first screen: "Ask the coach" is a round button there', async ({
    browser,
  }) => {
    const page = await newPage(browser, 320, 640);
    await openPage(page, '/login');
    await expect(page.getByRole('button', { name: 'Ask the coach' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeInViewport();
    expect(await coveredControls(page, { walk: false })).toEqual([]);
    await page.context().close();
  });

  for (const width of [320, 390]) {
    test(`at ${width} px the floating controls keep room below the content, step aside for the footer and a focused field, and stand out on dark sections`, async ({
      browser,
    }) => {
      const page = await newPage(browser, width, 800);
      await openPage(page, '/contact');
      const floating = page.locator('.floating-control');
      await expect(floating).toHaveCount(3);
      await expect(floating.first()).toBeVisible();
      // The room kept below the page's content is at least as tall as the controls stand.
      const { room, standing, outline } = await page.evaluate(() => {
        const controls = [...document.querySelectorAll('.floating-control')].map((el) => el.getBoundingClientRect());
        const pill = document.querySelector('.floating-control')!;
        return {
          room: parseFloat(getComputedStyle(document.querySelector('main')!).paddingBottom),
          standing: innerHeight - Math.min(...controls.map((r) => r.top)),
          outline: `${getComputedStyle(pill).outlineStyle} ${getComputedStyle(pill).outlineColor}`,
        };
      });
      expect(room).toBeGreaterThanOrEqual(standing);
      // A light ring: visible on the dark footer band and the dark closing sections.
      expect(outline).toMatch(/^solid rgba?\(255, 255, 255/);
      // No two controls overlap, at any width.
      const boxes = await floating.evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
      );
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);

      await page.getByRole('form', { name: 'Contact form' }).getByLabel('Your Name').focus();
      await expect(floating.first()).toBeHidden();
      await page.getByRole('form', { name: 'Contact form' }).getByLabel('Your Name').blur();
      await expect(floating.first()).toBeVisible();

      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect(floating).toHaveCount(3);
      for (const control of await floating.all()) await expect(control).toBeHidden();
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect(floating.first()).toBeVisible();
      await page.context().close();
    });
  }
});

test.describe('the header holds at every width', () => {
  const widths = [...new Set([...Array.from({ length: 41 }, (_, i) => 320 + i * 40), 1199, 1366, 1399, 1400])].sort(
    (a, b) => a - b,
  );
  for (const who of ['a visitor', 'a member', 'the coach'] as const) {
    const signedIn = who !== 'a visitor';
    test(`for ${who}: from 320 to 1920 px the name takes at most two lines and every control is on screen`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      if (who === 'a member') await signInAsMember(page);
      if (who === 'the coach') await signInAsCoach(page);
      await openPage(page, '/');
      const header = page.getByRole('banner');
      if (signedIn) await expect(header.getByText(/^Welcome, /)).toBeAttached();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await nextFrames(page);
        const state = await header.evaluate((el) => {
          const name = el.querySelector('a[href="/"] span')!;
          const controls = [...el.querySelectorAll('a[href], button')].filter((c) => c.checkVisibility());
          const bar = el.getBoundingClientRect();
          return {
            nameLines: Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight)),
            height: bar.height,
            cut: controls
              .map((c) => ({ c, r: c.getBoundingClientRect() }))
              .filter(
                ({ r }) =>
                  r.left < 0 || r.right > document.documentElement.clientWidth || r.top < 0 || r.bottom > bar.bottom,
              )
              .map(({ c }) => c.textContent || c.getAttribute('aria-label')),
            menu: controls.some((c) => c.getAttribute('aria-label') === 'Open menu'),
            logout: controls.some((c) => c.textContent === 'Logout'),
            signIn: controls.some((c) => c.textContent === 'Sign In'),
          };
        });
        expect(state.nameLines, `${width} px`).toBeLessThanOrEqual(2);
        expect(state.cut, `${width} px`).toEqual([]);
        expect(state.height, `${width} px`).toBeLessThanOrEqual(96);
        // The account's way in or out is always there: in the bar, or behind the menu button.
        expect(state.menu || (signedIn ? state.logout : state.signIn), `${width} px`).toBe(true);
      }
      await context.close();
    });
  }
});
