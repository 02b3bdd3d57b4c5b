import { AxeBuilder } from '@axe-core/playwright';
import { isPrivatePage } from '@coach/contracts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { coveredControls, widerThanScreen } from './screen-checks.ts';
import { openPage, signInAsMember, sitePaths } from './site-pages.ts';

// Every page of the site, at the widths people use, signed out and signed in as a member. Each
// walk is a browser of its own, at one width and sign-in state, that opens every route and looks
// at one thing:
// - nothing reaches past the sides of a phone's screen (320 and 390 px), also with the chat open
//   and after its reply, and on Ask AI after a reply;
// - axe-core's full rule set finds no violation (390 and 1440 px), also with the chat open;
// - every link and button of a public page is free to press at its centre (390, 1280 and 1440 px),
//   on the first screen, brought to the middle of the screen, and at the end of the page.
// The walks of a test go side by side: most of a walk is waiting for pages.

type Check = 'nothing wider than the screen' | 'axe finds no violation' | 'every control free to press';

interface Walk {
  width: number;
  signedIn: boolean;
  check: Check;
  /** With the chat open over a page, then (`'answered'`) after its reply and a reply on Ask AI. */
  chat?: 'open' | 'answered';
}

const HEIGHTS: Record<number, number> = { 320: 640, 390: 844, 1280: 800, 1440: 900 };

const walks = (check: Check, widths: number[], signedIn: boolean[], chat?: Walk['chat']): Walk[] =>
  widths.flatMap((width) => signedIn.map((inOrOut) => ({ width, signedIn: inOrOut, check, chat })));

const TESTS: Walk[][] = [
  walks('nothing wider than the screen', [320, 390], [false, true], 'answered'),
  walks('axe finds no violation', [390, 1440], [false, true], 'open'),
  walks('every control free to press', [390, 1280, 1440], [false]),
];

const chatDialog = (page: Page) => page.getByRole('dialog', { name: /Spiritual Guidance/ });

/**
 * What is wrong with the page by the walk's check. The footer, the same on every page, is given
 * to axe on the walk's first page only.
 */
async function lookAt(page: Page, check: Check, { first }: { first: boolean }): Promise<string[]> {
  if (check === 'nothing wider than the screen') return widerThanScreen(page);
  if (check === 'every control free to press') return coveredControls(page, { walk: true });
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const { violations } = await (first ? axe : axe.exclude('footer')).analyze();
  return violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Walks every page (the public ones for pressing); answers what it found wrong, each with where. */
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
  const look = async (where: string) => {
    const problems = await lookAt(page, walk.check, { first: looked++ === 0 });
    found.push(...problems.map((p) => `${walk.width} px ${walk.signedIn ? 'signed in' : 'signed out'} ${where}: ${p}`));
  };

  for (const path of await sitePaths(page.request)) {
    if (walk.check === 'every control free to press' && isPrivatePage(path)) continue;
    await openPage(page, path);
    await look(path);
  }

  if (walk.chat) {
    await openPage(page, '/');
    await page.locator('.floating-control[aria-label="Open spiritual guidance chat"]').click();
    const chat = chatDialog(page);
    await expect(chat).toBeVisible();
    await look('/ with the chat open');
  }
  if (walk.chat === 'answered') {
    const chat = chatDialog(page);
    await chat.getByRole('textbox').fill('How do I find my purpose when every path feels uncertain and long?');
    await chat.getByRole('textbox').press('Enter');
    await expect(chat.getByTestId('assistant-message')).toHaveCount(2, { timeout: 20_000 });
    await look('/ with the chat answered');
    await chat.getByRole('button', { name: 'Close chat' }).click();

    await openPage(page, '/ask-ai');
    await page.getByRole('button', { name: 'How can I find inner peace in a busy life?' }).click();
    await expect(page.getByRole('log', { name: 'Messages' }).getByTestId('assistant-message')).toHaveCount(2, {
      timeout: 20_000,
    });
    await look('/ask-ai answered');
  }
  await context.close();
  return found;
}

for (const group of TESTS) {
  const { check } = group[0]!;
  const widths = [...new Set(group.map((w) => w.width))].join(', ');
  const who = [...new Set(group.map((w) => (w.signedIn ? 'signed in' : 'signed out')))].join(' and ');
  test(`on every page at ${widths} px, ${who}: ${check}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const found = (await Promise.all(group.map((walk) => walkThrough(browser, walk)))).flat();
    expect(found).toEqual([]);
  });
}
