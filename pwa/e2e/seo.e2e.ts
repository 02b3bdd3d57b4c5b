import { BLOG_PAGE_SIZE, type BlogPostPage } from '@coach/contracts';
import { databaseUrl, startStack, type Stack } from '@coach/dev-stack';
import { expect, test, type Page } from '@playwright/test';
import mongoose from 'mongoose';
import { hydrated } from './page-checks.ts';

// A gateway of its own, with the site's public address set: every absolute link names it.
const SITE_URL = 'https://asha.example';
let stack: Stack;
/** Posts older than the demo ones, a page of them: /blog has a next page. */
const OLDER_TITLES = Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => `An older reflection ${i + 1}`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack({
    services: ['content', 'gateway'],
    logLevel: 'warn',
    env: { SITE_URL, COACH_NAME: 'Asha Rao' },
  });
  const db = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
  const yearAgo = Date.now() - 365 * 24 * 3600_000;
  await db.collection('blog_posts').insertMany(
    OLDER_TITLES.map((title, i) => {
      const at = new Date(yearAgo - i * 3600_000);
      return {
        title,
        slug: title.toLowerCase().replace(/ /g, '-'),
        excerpt: 'A quiet look back.',
        content: `# ${title}\n\nA quiet look back.`,
        category: 'Healing',
        imageUrl: '/images/blog/healing.svg',
        readTime: 1,
        tags: [],
        isPublished: true,
        isGenerated: false,
        publishedAt: at,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await db.close();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** What a crawler reads in a page's head. */
async function headOf(page: Page) {
  const attribute = async (selector: string, name: string) => {
    const element = page.locator(`head ${selector}`);
    return (await element.count()) > 0 ? element.getAttribute(name) : null;
  };
  const meta = (key: string) => attribute(`meta[property="${key}"], meta[name="${key}"]`, 'content');
  const structured = await page.locator('head script[type="application/ld+json"]').allTextContents();
  const graph = structured.flatMap(
    (json) => (JSON.parse(json) as { '@graph': Array<Record<string, unknown>> })['@graph'],
  );
  return {
    title: await page.title(),
    canonical: await attribute('link[rel="canonical"]', 'href'),
    rss: await attribute('link[rel="alternate"][type="application/rss+xml"]', 'href'),
    description: await meta('description'),
    robots: await meta('robots'),
    og: {
      type: await meta('og:type'),
      title: await meta('og:title'),
      description: await meta('og:description'),
      url: await meta('og:url'),
      image: await meta('og:image'),
    },
    twitter: {
      card: await meta('twitter:card'),
      title: await meta('twitter:title'),
      image: await meta('twitter:image'),
    },
    graph,
    types: graph.map((entry) => entry['@type']),
  };
}

test.describe('without JavaScript, as a crawler reads the pages', () => {
  test.use({ javaScriptEnabled: false });

  const pages: Array<[string, string[]]> = [
    ['/', ['Person', 'ProfessionalService']],
    ['/about', ['Person', 'ProfessionalService']],
    ['/coaching', ['Person', 'ProfessionalService']],
    ['/blog', []],
    ['/contact', []],
    ['/ask-ai', []],
  ];
  for (const [path, types] of pages) {
    test(`${path} has its canonical link, share tags, the feed and its structured data`, async ({ page }) => {
      expect((await page.goto(`${stack.gatewayUrl}${path}`))?.status()).toBe(200);
      const head = await headOf(page);
      expect(head.canonical).toBe(`${SITE_URL}${path}`);
      expect(head.robots).toBeNull();
      expect(head.rss).toBe(`${SITE_URL}/rss.xml`);
      expect(head.og).toMatchObject({
        type: 'website',
        title: head.title,
        url: head.canonical,
        image: `${SITE_URL}/share-card.jpg`,
      });
      expect(head.title).toMatch(/ - Asha Rao Coaching$/);
      expect(head.description).toBeTruthy();
      expect(head.og.description).toBe(head.description);
      expect(head.twitter).toEqual({ card: 'summary_large_image', title: head.title, image: head.og.image });
      expect(head.types).toEqual(types);
      const coach = head.graph.find((entry) => entry['@type'] === 'Person');
      if (coach) expect(coach).toMatchObject({ name: 'Asha Rao', url: `${SITE_URL}/about` });
    });
  }

  test('a post has its own meta title and description, its cover as an absolute JPEG, and BlogPosting', async ({
    page,
    request,
  }) => {
    const [first] = (await (await request.get(`${stack.gatewayUrl}/api/blog/posts`)).json()) as Array<{ slug: string }>;
    const post = (await (await request.get(`${stack.gatewayUrl}/api/blog/${first!.slug}`)).json()) as BlogPostPage;
    await page.goto(`${stack.gatewayUrl}/blog/${post.slug}`);
    const head = await headOf(page);
    const url = `${SITE_URL}/blog/${post.slug}`;
    expect(head.title).toBe(`${post.metaTitle} - Asha Rao Coaching`);
    expect(head.canonical).toBe(url);
    expect(head.description).toBe(post.metaDescription);
    const cover = `${SITE_URL}${post.imageUrl.replace(/\.svg$/, '.jpg')}`;
    expect(head.og).toEqual({
      type: 'article',
      title: head.title,
      description: post.metaDescription,
      url,
      image: cover,
    });
    expect(head.twitter).toEqual({ card: 'summary_large_image', title: head.title, image: cover });
    expect(head.types).toEqual(['BlogPosting']);
    expect(head.graph[0]).toMatchObject({
      headline: post.title,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      url,
      author: { name: 'Asha Rao' },
    });
    // The preview image is there, and is an image.
    const image = await request.get(`${stack.gatewayUrl}${new URL(cover).pathname}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    const card = await request.get(`${stack.gatewayUrl}/share-card.jpg`);
    expect(card.headers()['content-type']).toBe('image/jpeg');
  });

  test('a reader follows the links of /blog: to a post, to the next page and to a post there', async ({ page }) => {
    // page.click waits until the link itself takes the click: it fails where the page ignores taps.
    await page.goto(`${stack.gatewayUrl}/blog`);
    await page.click('main a[href^="/blog/"]:not([href="/blog/archive"])');
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible();

    await page.goto(`${stack.gatewayUrl}/blog`);
    await page.click('a[rel="next"]');
    await expect(page).toHaveURL(/\/blog\?page=[a-f0-9]{24}$/);
    const oldest = OLDER_TITLES.at(-1)!;
    await page.click(`main a:has-text("${oldest}")`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(oldest);
  });

  test("each page of the blog's list names itself as canonical; a search's results ask not to be indexed", async ({
    page,
    request,
  }) => {
    const headAt = async (address: string) => {
      expect((await page.goto(`${stack.gatewayUrl}${address}`))?.status(), address).toBe(200);
      return headOf(page);
    };
    await page.goto(`${stack.gatewayUrl}/blog`);
    const next = (await page.locator('a[rel="next"]').getAttribute('href'))!;
    const [newest] = (await (await request.get(`${stack.gatewayUrl}/api/blog/posts`)).json()) as BlogPostPage[];
    const month = newest!.publishedAt.slice(0, 7);
    const ownAddress: Array<[address: string, canonical: string]> = [
      [next, next],
      ['/blog?category=Healing', '/blog?category=Healing'],
      ['/blog?category=Spiritual+Growth', '/blog?category=Spiritual+Growth'],
      [`/blog?month=${month}`, `/blog?month=${month}`],
      // Parameters that make no page of their own are left out.
      ['/blog?category=Healing&utm_source=newsletter', '/blog?category=Healing'],
    ];
    for (const [address, canonical] of ownAddress) {
      const head = await headAt(address);
      expect(head.canonical, address).toBe(`${SITE_URL}${canonical}`);
      expect(head.og.url, address).toBe(head.canonical);
      expect(head.robots, address).toBeNull();
    }
    const search = await headAt('/blog?q=stillness');
    expect(search.robots).toBe('noindex');
    expect(search.canonical).toBeNull();
    expect(search.rss).toBe(`${SITE_URL}/rss.xml`);
  });

  /** What every page's head carries: its title, the feed and the site's share card. */
  async function expectShareTags(page: Page, title: string) {
    const head = await headOf(page);
    expect(head.title).toBe(`${title} - Asha Rao Coaching`);
    expect(head.rss).toBe(`${SITE_URL}/rss.xml`);
    expect(head.description).toBeTruthy();
    expect(head.og).toMatchObject({ type: 'website', title: head.title, image: `${SITE_URL}/share-card.jpg` });
    expect(head.twitter).toEqual({ card: 'summary_large_image', title: head.title, image: head.og.image });
    return head;
  }

  test('the pages drawn by the app have their head in the HTML: the archive a canonical link', async ({ page }) => {
    expect((await page.goto(`${stack.gatewayUrl}/blog/archive`))?.status()).toBe(200);
    const head = await expectShareTags(page, 'Blog Archive');
    expect(head.canonical).toBe(`${SITE_URL}/blog/archive`);
    expect(head.robots).toBeNull();
  });

  test('account, member and admin pages and the not-found page ask not to be indexed', async ({ page }) => {
    const pages: Array<[path: string, title: string]> = [
      ['/login', 'Sign In'],
      ['/Signup', 'Join the Journey'],
      ['/forgot-password', 'Forgot Password'],
      ['/reset-password', 'Reset Password'],
      ['/community', 'Sacred Circle'],
      ['/profile', 'My Profile'],
      ['/admin/login', 'Admin Login'],
      ['/admin/dashboard', 'Admin Dashboard'],
    ];
    for (const [path, title] of pages) {
      expect((await page.goto(`${stack.gatewayUrl}${path}`))?.status(), path).toBe(200);
      const head = await expectShareTags(page, title);
      expect(head.robots, path).toBe('noindex');
      expect(head.canonical, path).toBeNull();
    }
    for (const path of ['/no/such/page', '/blog/no-such-post', `/blog?page=${'0'.repeat(24)}`]) {
      expect((await page.goto(`${stack.gatewayUrl}${path}`))?.status(), path).toBe(404);
      const head = await expectShareTags(page, 'Page Not Found');
      expect(head.robots, path).toBe('noindex');
      expect(head.canonical, path).toBeNull();
    }
  });
});

test('moving through the app keeps the title, canonical link and share tags of the page shown', async ({ page }) => {
  await page.goto(`${stack.gatewayUrl}/`);
  await hydrated(page);
  await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page).toHaveTitle('Spiritual Insights Blog - Asha Rao Coaching');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${SITE_URL}/blog`);
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(0);
  expect(await page.locator('head meta[name="description"]').count()).toBe(1);

  await page.locator('a[href^="/blog/"]').first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  const slug = new URL(page.url()).pathname.split('/').pop();
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${SITE_URL}/blog/${slug}`);
  await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const structured = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent())!) as {
    '@graph': Array<{ '@type': string }>;
  };
  expect(structured['@graph'].map((entry) => entry['@type'])).toEqual(['BlogPosting']);
});
