import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BLOG_PAGE_SIZE, type BlogPost } from '@coach/contracts';
import { DEMO_ADMIN } from '@coach/dev-stack';
import { nextLink } from '@coach/site-rules';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { goOffline, notice, sendContactMessage, waitForServiceWorker } from './offline-visitor.ts';
import { hydrated } from './page-checks.ts';
import { adminList } from './site-api.ts';

// These tests need the service worker, which the other end-to-end files block.
test.use({ serviceWorkers: 'allow' });

const DIST = path.resolve(import.meta.dirname, '../dist');
const h1 = (page: Page) => page.locator('main h1');

/** The build id of the worker controlling the page. */
function workerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<string>) => resolve(event.data);
        worker.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );
}

async function subscribe(page: Page, email: string): Promise<void> {
  await page.getByLabel(/Your email address/).fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

async function messageCount(request: APIRequestContext, marker: string): Promise<number> {
  return (await adminList<{ message: string }>(request, '/api/contact-messages')).filter((m) =>
    m.message.includes(marker),
  ).length;
}

async function subscriberCount(request: APIRequestContext, email: string): Promise<number> {
  return (await adminList<{ email: string }>(request, '/api/newsletter-subscribers')).filter((s) => s.email === email)
    .length;
}

/** A post of the seeded blog, from its list, to read online. */
async function firstPostLink(page: Page): Promise<string> {
  await page.goto('/blog');
  const link = page.locator('main article a').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

/** What the app keeps of its query cache on the device (IndexedDB), as text. */
function persistedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('coach-query-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('clients')) return resolve('');
          const read = db.transaction('clients').objectStore('clients').get('react-query');
          read.onsuccess = () => resolve(JSON.stringify(read.result ?? ''));
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** The last line of a post's body that is plain text (no heading, list or emphasis): a paragraph of its body, not its excerpt. */
const lastParagraphOf = (post: BlogPost) =>
  post.content.split('\n').findLast((line) => /^[A-Za-z][^*_`#[\]]{20,}$/.test(line))!;

/** A list page of the API and the address of the next. */
async function listPage(request: APIRequestContext, url: string): Promise<[BlogPost[], string | null]> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  return [(await res.json()) as BlogPost[], nextLink(res.headers()['link'] ?? null)];
}

async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
    }
    return urls;
  });
}

test.describe('offline reading', () => {
  test('after one online visit, pages read before open offline', async ({ page, context }) => {
    // The visit lands on a path that is no page: its 404 still installs the worker and its shell.
    expect((await page.goto('/no/such/page'))?.status()).toBe(404);
    await expect(h1(page)).toHaveText('Page Not Found');
    await waitForServiceWorker(page);
    const readPost = await firstPostLink(page);
    await page.goto(readPost);
    const postTitle = (await h1(page).textContent())!;
    // Chat, auth and member calls are never cached.
    await expect.poll(() => cachedUrls(page)).toContain(readPost.replace('/blog/', '/api/blog/'));
    const urls = await cachedUrls(page);
    expect(urls).toContain('/api/blog/posts');
    expect(urls.filter((u) => /^\/api\/(auth|admin|profile|community|ai|ask-ai|contact-messages)/.test(u))).toEqual([]);

    await goOffline(context, page);
    await page.reload();
    await expect(h1(page)).toHaveText(postTitle);
    await expect(page.getByText(/^Last updated /)).toBeVisible();

    const pages: Array<[string, string | RegExp]> = [
      ['/', 'Awaken to the life your soul has been calling for'],
      ['/about', 'My Journey to Awakening'],
      ['/coaching', 'Transformational Coaching Programs'],
      ['/blog', 'Spiritual Insights'],
      [readPost, postTitle],
      ['/legal/privacy-policy', /Privacy Policy/],
      ['/no/such/page', 'Page Not Found'],
    ];
    for (const [target, heading] of pages) {
      await page.goto(target);
      await expect(h1(page)).toHaveText(heading);
      await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    }
    await page.goto('/blog');
    await expect(page.locator('main article').first()).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
  });

  test('every post of the list pages loaded online opens offline in full; one never listed nor opened is not saved', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000); // 26 posts written, two list pages read, three posts opened offline
    // Posts enough for a third page, dated long ago: the newest posts, which the other lane reads, stay as they are.
    expect((await request.post('/api/admin/login', { data: DEMO_ADMIN })).ok()).toBe(true);
    const created: string[] = [];
    try {
      for (let i = 0; i < 2 * BLOG_PAGE_SIZE + 2; i++) {
        const res = await request.post('/api/admin/blog-posts', {
          data: {
            title: `Offline shelf ${i + 1} ${Date.now().toString(36)}`,
            content: `A quiet page kept for the road, number ${i + 1}.\n\n# Carried along\nRead wherever the signal fades.`,
            category: ['Healing', 'Mindfulness', 'Spiritual Growth'][i % 3],
            tags: ['offline'],
            isPublished: true,
            sendToSubscribers: false,
            publishAt: new Date(Date.UTC(2001, 0, 28 - i)).toISOString(),
          },
        });
        expect(res.status()).toBe(201);
        created.push(((await res.json()) as { id: string }).id);
      }
      const [firstPage, second] = await listPage(request, '/api/blog/posts');
      const [secondPage, third] = await listPage(request, second!);
      const [thirdPage] = await listPage(request, third!);
      const [fromFirst, fromSecond, neverListed] = [firstPage.at(-1)!, secondPage[0]!, thirdPage.at(-1)!];

      // Online: /blog as the gateway renders it, then its second page with "More posts"; no post opened.
      await page.goto('/blog');
      await waitForServiceWorker(page);
      await expect(page.locator('main article')).toHaveCount(firstPage.length);
      // The page's HTML carries cards; once loaded, the app keeps its posts whole on the device.
      const kept = (post: BlogPost) =>
        expect.poll(() => persistedCache(page), { timeout: 15_000 }).toContain(JSON.stringify(post.content));
      await kept(fromFirst);
      await page.getByRole('link', { name: 'More posts' }).click();
      await expect(page.locator('main article')).toHaveCount(firstPage.length + secondPage.length);
      await kept(fromSecond);

      await goOffline(context, page);
      for (const post of [fromFirst, fromSecond]) {
        await page.goto(`/blog/${post.slug}`);
        await expect(h1(page)).toHaveText(post.title);
        const article = page.locator('main article');
        await expect(article.getByText(lastParagraphOf(post), { exact: true })).toBeVisible();
        await expect(article.getByText(post.category, { exact: true })).toBeVisible();
        await expect(article.getByRole('img', { name: `Illustration for “${post.title}”` })).toBeVisible();
        await expect(page.getByText('Not saved for offline reading')).toHaveCount(0);
      }

      await page.goto(`/blog/${neverListed.slug}`);
      await expect(h1(page)).toHaveText('Not saved for offline reading');
      await expect(
        page.getByText('You are offline — this post has not been saved for offline reading yet.'),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Go to the blog' }).click();
      await expect(h1(page)).toHaveText('Spiritual Insights');
    } finally {
      for (const id of created) await request.delete(`/api/admin/blog-posts/${id}`);
    }
  });
});

test.describe('offline writes', () => {
  test('a contact message sent offline is stored exactly once when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    const marker = `e2e-offline-contact-${Date.now()}`;
    await page.goto('/contact');
    await waitForServiceWorker(page);
    await goOffline(context, page);

    await sendContactMessage(page, `Sent without a connection ${marker}`);
    await expect(notice(page, 'Saved offline')).toContainText(
      'Your message is saved and will be sent automatically when you are back online.',
    );
    const stored = () => messageCount(request, marker);
    expect(await stored()).toBe(0);

    await context.setOffline(false);
    await expect(notice(page, 'Message delivered')).toBeVisible({ timeout: 20_000 });
    // Later replays (another online event, a reload) send nothing again.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.reload();
    await expect(h1(page)).toBeVisible();
    await expect.poll(stored).toBe(1);
    await page.waitForTimeout(1000);
    expect(await stored()).toBe(1);
  });

  test('a message and a subscription sent offline are stored once when the connection returns, though the page was closed', async ({
    page,
    context,
    request,
  }) => {
    const marker = `e2e-offline-closed-${Date.now()}`;
    const email = `${marker}@example.com`;
    await page.goto('/contact');
    await waitForServiceWorker(page);
    await goOffline(context, page);
    await sendContactMessage(page, `Sent offline, page closed ${marker}`);
    await expect(notice(page, 'Saved offline')).toContainText('Your message is saved');
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await subscribe(page, email);
    await expect(notice(page, 'Saved offline')).toContainText('Your subscription is saved');
    await page.close();
    expect(await messageCount(request, marker)).toBe(0);
    expect(await subscriberCount(request, email)).toBe(0);

    // With no page open, Background Sync has the worker send them.
    await context.setOffline(false);
    await expect.poll(() => subscriberCount(request, email), { timeout: 20_000 }).toBe(1);
    expect(await messageCount(request, marker)).toBe(1);
    // Opening the site again replays the (now empty) outbox: nothing is sent twice.
    const again = await context.newPage();
    await again.goto('/blog');
    await expect(h1(again)).toHaveText('Spiritual Insights');
    await again.waitForTimeout(1500);
    expect(await subscriberCount(request, email)).toBe(1);
    expect(await messageCount(request, marker)).toBe(1);
  });
});

test.describe('offline writes without a service worker (browsers without one, or before it installs)', () => {
  test.use({ serviceWorkers: 'block' });

  test('the page keeps a message and a subscription and sends them once when the site is opened again', async ({
    context,
    request,
  }) => {
    const marker = `e2e-offline-page-${Date.now()}`;
    const email = `${marker}@example.com`;
    // Without a worker nothing opens offline: both pages are open before the connection goes,
    // and have loaded their app (a prerendered page fetches it once painted).
    const contact = await context.newPage();
    await contact.goto('/contact');
    await expect(h1(contact)).toBeVisible();
    await hydrated(contact);
    const blog = await context.newPage();
    await blog.goto('/blog');
    await expect(h1(blog)).toHaveText('Spiritual Insights');
    await hydrated(blog);
    await goOffline(context, blog);

    await sendContactMessage(contact, `Sent offline without a worker ${marker}`);
    await expect(notice(contact, 'Saved offline')).toContainText('Your message is saved');
    // Keeping the subscription, the page replays its outbox at once: oldest first, the message,
    // which fails offline. The pages are closed once that try has failed: a try still in flight
    // as the connection comes back would go out (the race of a tab closed just then).
    const replayFailed = blog.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/contact'));
    await subscribe(blog, email);
    await expect(notice(blog, 'Saved offline')).toContainText('Your subscription is saved');
    await replayFailed;
    await contact.close();
    await blog.close();

    await context.setOffline(false);
    expect(await messageCount(request, marker)).toBe(0);
    const again = await context.newPage();
    await again.goto('/');
    // Oldest first: the message, then the subscription, whose notice is the one left on screen.
    await expect(notice(again, 'Subscription delivered')).toBeVisible({ timeout: 20_000 });
    expect(await messageCount(request, marker)).toBe(1);
    expect(await subscriberCount(request, email)).toBe(1);
    await again.reload();
    await expect(h1(again)).toBeVisible();
    await again.waitForTimeout(1500);
    expect(await messageCount(request, marker)).toBe(1);
    expect(await subscriberCount(request, email)).toBe(1);
  });
});

test.describe('updates and installability', () => {
  test('a new release shows "New version available"; Reload switches to it, once', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    const current = (await workerVersion(page))!;
    expect(current).toBeTruthy();

    // A new release: the same worker under another build id (its script differs byte-wise).
    const swPath = path.join(DIST, 'sw.js');
    const original = readFileSync(swPath, 'utf8');
    const next = original.replaceAll(current, 'e2e-next-release');
    expect(next).not.toBe(original);
    writeFileSync(swPath, next);
    try {
      await page.reload();
      const offer = page.getByRole('status', { name: 'New version available' });
      await expect(offer).toBeVisible({ timeout: 20_000 });
      // Nothing switches without the visitor's choice.
      expect(await workerVersion(page)).toBe(current);

      let loads = 0;
      page.on('load', () => (loads += 1));
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      expect(await workerVersion(page)).toBe('e2e-next-release');
      await expect(h1(page)).toBeVisible();
      await expect(offer).toBeHidden();
      // One reload, no loop.
      await page.waitForTimeout(1500);
      expect(loads).toBe(1);
    } finally {
      writeFileSync(swPath, original);
    }
  });

  test('Chrome finds the app installable and its manifest complete', async ({
    playwright,
    launchOptions,
    baseURL,
    request,
  }) => {
    // Chrome never installs from an incognito profile, which Playwright's contexts are: this
    // test runs in a browser with a profile of its own.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'coach-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
      serviceWorkers: 'allow',
    });
    let installabilityErrors: unknown[];
    let errors: unknown[];
    let data: string | undefined;
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      ({ installabilityErrors } = await cdp.send('Page.getInstallabilityErrors'));
      ({ errors, data } = await cdp.send('Page.getAppManifest'));
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
    expect(installabilityErrors).toEqual([]);
    expect(errors).toEqual([]);

    const manifest = JSON.parse(data!) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      scope: string;
      id: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
      screenshots: { src: string; sizes: string; form_factor: string }[];
    };
    expect(manifest).toMatchObject({
      display: 'standalone',
      start_url: '/',
      scope: '/',
      id: '/',
      theme_color: '#4E2F5E',
      background_color: '#FBF6EF',
    });
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Ask AI', '/ask-ai'],
      ['Blog', '/blog'],
      ['Book a free call', '/contact#book'],
    ]);
    expect(manifest.screenshots.map((s) => [s.form_factor, s.sizes])).toEqual([
      ['narrow', '390x844'],
      ['wide', '1440x900'],
    ]);
    for (const file of [...manifest.icons, ...manifest.screenshots]) {
      const res = await request.get(file.src);
      expect(res.status(), file.src).toBe(200);
    }
  });
});
