import { AxeBuilder } from '@axe-core/playwright';
import { isPrivatePage } from '@coach/site-rules';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { coveredControls, widerThanScreen } from './screen-checks.ts';
import { goInApp, openPage, signInAsMember, sitePaths } from './site-pages.ts';

// Every page of the site, at the widths people use, signed out and signed in as a member. Each
// walk is a browser of its own, at one width and sign-in state, that goes through every route and
// looks at what its width calls for:
// - nothing reaches past the sides of a phone's screen (320 and 390 px), also with the chat open
//   and after its reply, and on Ask AI after a reply;
// - axe-core's full rule set finds no violation (390 and 1440 px), also with the chat open;
// - every link and button of a public page is free to press at its centre (390, 1280 and 1440 px),
//   on the first screen, brought to the middle of the screen, and at the end of the page.

type Check = 'nothing wider than the screen' | 'axe finds no violation' | 'every control free to press';

interface Walk {
  width: number;
  signedIn: boolean;
  checks: Check[];
}

const HEIGHTS: Record<number, number> = { 320: 640, 390: 844, 1280: 800, 1440: 900 };

const [WIDER, AXE, PRESS]: Check[] = [
  'nothing wider than the screen',
  'axe finds no violation',
  'every control free to press',
];

/** The walks of each test; a test's walks go side by side. */
const TESTS: Walk[][] = [
  [
    { width: 320, signedIn: false, checks: [WIDER] },
    { width: 320, signedIn: true, checks: [WIDER] },
    { width: 1280, signedIn: false, checks: [PRESS] },
  ],
  [
    { width: 390, signedIn: false, checks: [WIDER, AXE, PRESS] },
    { width: 390, signedIn: true, checks: [WIDER, AXE] },
  ],
  [
    { width: 1440, signedIn: false, checks: [AXE, PRESS] },
    { width: 1440, signedIn: true, checks: [AXE] },
  ],
];

const chatDialog = (page: Page) => page.getByRole('dialog', { name: /Spiritual Guidance/ });

/**
 * What is wrong with the page by the check. The footer, the same on every page, is given to axe
 * on the walk's first page only.
 */
async function lookAt(page: Page, check: Check, { first }: { first: boolean }): Promise<string[]> {
  if (check === 'nothing wider than the screen') return widerThanScreen(page);
  if (check === 'every control free to press') {
    // A notice (a member page's "Please log in") stands over the page until read and dismissed.
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await dismiss.click();
    return coveredControls(page, { walk: true });
  }
  // Legacy mode runs axe in the page itself, instead of finishing each run in a new blank page
  // (the site has no frames); and only violations are worked out in full.
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const { violations } = await (first ? axe : axe.exclude('footer')).analyze();
  return violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Walks every page, the first opened and the rest reached as a link would, and looks at each by
 * the walk's checks (pressing: the public pages). Then, on a phone (the overflow walks), the chat
 * open over a page and answered, and Ask AI answered; the chat open, for axe alone. Answers what
 * it found wrong, each with where.
 */
async function walkThrough(browser: Browser, walk: Walk): Promise<string[]> {
  const context = await browser.newContext({
    viewport: { width: walk.width, height: HEIGHTS[walk.width]! },
    // Without transitions, what moves on a scroll is in place at the next frame.
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  if (walk.signedIn) await signInAsMember(page);
  const found: string[] = [];
  let looked = 0;
  const look = async (where: string, { publicPage }: { publicPage: boolean }) => {
    const first = looked++ === 0;
    for (const check of walk.checks) {
      if (check === PRESS && !publicPage) continue;
      const problems = await lookAt(page, check, { first });
      found.push(
        ...problems.map((p) => `${walk.width} px ${walk.signedIn ? 'signed in' : 'signed out'} ${where}: ${p}`),
      );
    }
  };

  const [home, ...others] = await sitePaths(page.request);
  await openPage(page, home!);
  await look(home!, { publicPage: true });
  for (const path of others) {
    await goInApp(page, path);
    await look(path, { publicPage: !isPrivatePage(path) });
  }

  await goInApp(page, '/');
  await page.locator('.floating-control[aria-label="Open spiritual guidance chat"]').click();
  const chat = chatDialog(page);
  await expect(chat).toBeVisible();
  await look('/ with the chat open', { publicPage: false });
  if (walk.checks.includes(WIDER)) {
    await chat.getByRole('textbox').fill('How do I find my purpose when every path feels uncertain and long?');
    await chat.getByRole('textbox').press('Enter');
    await expect(chat.getByTestId('assistant-message')).toHaveCount(2, { timeout: 20_000 });
    await look('/ with the chat answered', { publicPage: false });
    await chat.getByRole('button', { name: 'Close chat' }).click();

    await goInApp(page, '/ask-ai');
    await page.getByRole('button', { name: 'How can I find inner peace in a busy life?' }).click();
    await expect(page.getByRole('log', { name: 'Messages' }).getByTestId('assistant-message')).toHaveCount(2, {
      timeout: 20_000,
    });
    await look('/ask-ai answered', { publicPage: false });
  }
  await context.close();
  return found;
}

for (const walks of TESTS) {
  const name = walks
    .map((w) => `${w.width} px ${w.signedIn ? 'signed in' : 'signed out'}: ${w.checks.join(', ')}`)
    .join('; ');
  test(`every page at ${name}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const found = (await Promise.all(walks.map((walk) => walkThrough(browser, walk)))).flat();
    expect(found).toEqual([]);
  });
}
