import { DEMO_ADMIN, DEMO_MEMBER } from '@coach/dev-stack';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hydrated, noticeArea, pageProblems } from './page-checks.ts';
import { uniqueAccount } from './site-api.ts';
import { openSection } from './workspace-nav.ts';

/** A browser of its own, signed in through the API (the sign-in pages have their own tests). */
async function signedInPage(
  browser: Browser,
  account: { email: string; password: string },
  path: string,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = await page.request.post(path.startsWith('/admin') ? '/api/admin/login' : '/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
  await page.goto(path);
  await hydrated(page);
  return page;
}

test("a member's circle arrives drawn in the HTML, kept by no cache, and hydrates cleanly", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = pageProblems(page);
  expect((await page.request.post('/api/auth/login', { data: DEMO_MEMBER })).status()).toBe(200);
  const firstName = ((await (await page.request.get('/api/auth/me')).json()) as { name: string }).name.split(' ')[0];
  const posts = (await (await page.request.get('/api/community/posts')).json()) as Array<{ content: string }>;
  expect(posts.length).toBeGreaterThan(0);
  const stats = (await (await page.request.get('/api/community/stats')).json()) as { totalPosts: number };

  const drawn = await page.request.get('/community');
  expect(drawn.status()).toBe(200);
  expect(drawn.headers()['cache-control']).toBe('private, no-store');
  // React separates adjacent text with empty comments; a reader sees the text without them.
  const html = (await drawn.text()).replaceAll('<!-- -->', '');
  expect(html).toContain(`Welcome to the circle, ${firstName}`);
  expect(html).toContain('aria-label="Community posts"');
  expect(html).toContain(posts[0]!.content.slice(0, 40));
  expect(html).toMatch(new RegExp(`>Total Posts</dt><dd[^>]*>${stats.totalPosts}</dd>`));

  // Signed out, or with a session the server does not know: the page the app draws (it asks to sign in).
  const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('coach_session'));
  expect(session).toBeDefined();
  for (const cookie of [undefined, `${session!.name}=forged.session.value`]) {
    const other = await (
      await browser.newContext()
    ).request.get('/community', {
      headers: cookie ? { cookie } : {},
    });
    expect(other.status()).toBe(200);
    const page = await other.text();
    expect(page).not.toContain('Welcome to the circle');
    expect(page).toContain('<div id="root"></div>');
  }

  // The browser hydrates what the HTML shows (no mismatch reported), and the composer works.
  await page.goto('/community');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Welcome to the circle, ${firstName}` })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Your message' });
  const emptyHeight = (await composer.boundingBox())?.height ?? 0;
  expect(emptyHeight).toBeGreaterThan(80); // four lines to begin with
  await composer.fill('A drawn page takes typing');
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeEnabled();
  // Longer than four lines, the box grows with the text.
  await composer.fill(Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of a longer reflection`).join('\n'));
  await expect.poll(async () => (await composer.boundingBox())?.height ?? 0).toBeGreaterThan(emptyHeight * 1.5);
  await composer.fill('');
  await expect.poll(async () => (await composer.boundingBox())?.height ?? 0).toBe(emptyHeight);
  expect(problems).toEqual([]);
  await context.close();
});

const postOf = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('members like, reply and report in the Sacred Circle; the coach hides a reported post', async ({ browser }) => {
  // Three people's browsers, one after another: longer than one visitor's test.
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  const author = uniqueAccount('Circle Author', 'author', 'Open-Heart-2025');
  const setup = (await browser.newContext()).request;
  expect((await setup.post('/api/auth/signup', { data: author })).status()).toBe(201);

  const writer = await signedInPage(browser, author, '/community');
  const text = `A circle test thought ${id}`;
  await writer.getByRole('textbox', { name: 'Your message' }).fill(text);
  await writer.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(noticeArea(writer)).toContainText('Post Shared');

  // Another member likes it once (it stays liked after a reload), replies and reports it.
  const reader = await signedInPage(browser, DEMO_MEMBER, '/community');
  const post = postOf(reader, text);
  await post.getByRole('button', { name: 'Like' }).click();
  await expect(post.getByRole('button', { name: 'Like 1 like' })).toHaveAttribute('aria-pressed', 'true');
  await reader.reload();
  await expect(post.getByRole('button', { name: 'Like 1 like' })).toHaveAttribute('aria-pressed', 'true');
  await post.getByRole('button', { name: 'Reply' }).click();
  await post.getByRole('textbox', { name: 'Your reply' }).fill('Thank you for sharing this.');
  await post.getByRole('button', { name: 'Send reply' }).click();
  await expect(post.getByRole('list', { name: 'Replies' })).toContainText('Thank you for sharing this.');
  await expect(post.getByRole('button', { name: 'Reply 1 reply' })).toBeVisible();
  await post.getByRole('button', { name: /^More actions for .*'s post$/ }).click();
  await reader.getByRole('menuitem', { name: 'Report post' }).click();
  const report = reader.getByRole('dialog', { name: 'Report this post' });
  await report.getByRole('radio', { name: 'Spam or advertising' }).check();
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(noticeArea(reader)).toContainText('Thank you for telling us');

  // The author sees the like and the reply.
  await writer.reload();
  const own = postOf(writer, text);
  await expect(own.getByRole('button', { name: 'Like 1 like' })).toHaveAttribute('aria-pressed', 'false');
  await own.getByRole('button', { name: 'Reply 1 reply' }).click();
  await expect(own.getByRole('list', { name: 'Replies' })).toContainText('Thank you for sharing this.');

  // The coach finds the report in the dashboard and hides the post: members no longer see it.
  const coach = await signedInPage(browser, DEMO_ADMIN, '/admin/dashboard');
  await openSection(coach, 'Circle');
  const reported = coach
    .getByRole('table', { name: 'Reported posts and replies' })
    .getByRole('row')
    .filter({ hasText: text });
  await expect(reported).toContainText('1: Spam or advertising');
  await reported.getByRole('button', { name: /^Hide post by/ }).click();
  await expect(noticeArea(coach)).toContainText('Hidden from members');

  await reader.reload();
  await expect(reader.getByRole('heading', { name: 'Circle Feed' })).toBeVisible();
  await expect(postOf(reader, text)).toHaveCount(0);
  await writer.reload();
  await expect(writer.getByRole('heading', { name: 'Circle Feed' })).toBeVisible();
  await expect(postOf(writer, text)).toHaveCount(0);
});

test('a member deletes her own reply and post; the coach deletes any post from the dashboard', async ({ browser }) => {
  const id = Date.now().toString(36);
  const member = await signedInPage(browser, DEMO_MEMBER, '/community');
  const share = async (text: string) => {
    await member.getByRole('textbox', { name: 'Your message' }).fill(text);
    await member.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(postOf(member, text)).toBeVisible();
  };
  const own = `A thought to take back ${id}`;
  const kept = `A thought for the coach to remove ${id}`;
  await share(own);
  await share(kept);

  // Her reply under her own post, then the reply deleted, then the post.
  const post = postOf(member, own);
  await post.getByRole('button', { name: 'Reply' }).click();
  await post.getByRole('textbox', { name: 'Your reply' }).fill('On second thought, later.');
  await post.getByRole('button', { name: 'Send reply' }).click();
  const replies = post.getByRole('list', { name: 'Replies' });
  await expect(replies).toContainText('On second thought, later.');
  await replies.getByRole('button', { name: /^More actions for .*'s reply$/ }).click();
  await member.getByRole('menuitem', { name: 'Delete reply' }).click();
  await member.getByRole('dialog', { name: 'Delete this reply?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(noticeArea(member)).toContainText('Reply deleted');
  await expect(post.getByText('On second thought, later.')).toHaveCount(0);
  await expect(post.getByRole('button', { name: 'Reply', exact: true })).toBeVisible();

  await post.getByRole('button', { name: /^More actions for .*'s post$/ }).click();
  await member.getByRole('menuitem', { name: 'Delete post' }).click();
  await member.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(noticeArea(member)).toContainText('Post deleted');
  await expect(postOf(member, own)).toHaveCount(0);
  await member.reload();
  await expect(postOf(member, kept)).toBeVisible();
  await expect(postOf(member, own)).toHaveCount(0);

  // The coach deletes the other post from the Recent view of the dashboard.
  const coach = await signedInPage(browser, DEMO_ADMIN, '/admin/dashboard');
  await openSection(coach, 'Circle');
  await coach.getByRole('button', { name: 'Recent' }).click();
  const row = coach.getByRole('table', { name: 'Recent posts and replies' }).getByRole('row').filter({ hasText: kept });
  await row.getByRole('button', { name: /^Delete post by/ }).click();
  await coach.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(noticeArea(coach)).toContainText('Deleted from the circle');
  await expect(row).toHaveCount(0);

  await member.reload();
  await expect(member.getByRole('heading', { name: 'Circle Feed' })).toBeVisible();
  await expect(postOf(member, kept)).toHaveCount(0);
});
