import type { SiteStats } from '@coach/contracts';
import { DEMO_MEMBER } from '@coach/dev-stack';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated, pageProblems } from './page-checks.ts';
import { adminList } from './site-api.ts';

const h1 = (page: Page) => page.locator('main h1');

const PAGES = [
  { path: '/', heading: 'Awaken to the life your soul has been calling for', title: /Spiritual Life Coach/ },
  { path: '/about', heading: 'My Journey to Awakening', title: /^About - / },
  { path: '/coaching', heading: 'Transformational Coaching Programs', title: /^Coaching Programs - / },
  { path: '/testimonials', heading: 'Client Stories', title: /^Client Stories - / },
  { path: '/blog', heading: 'Spiritual Insights', title: /^Spiritual Insights Blog - / },
  { path: '/ask-ai', heading: 'Soul Companion', title: /^Ask AI - Soul Companion - / },
  { path: '/contact', heading: 'Let’s Begin the Conversation', title: /^Contact & Book a Free Clarity Call - / },
];

test.describe('public pages', () => {
  for (const p of PAGES) {
    test(`${p.path} renders its content in the shared layout`, async ({ page }) => {
      await page.goto(p.path);
      await expect(h1(page)).toHaveText(p.heading);
      await expect(page).toHaveTitle(p.title);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('© 2025');
      await expect(page.getByRole('button', { name: 'Ask the coach' })).toBeVisible();
    });
  }

  test('the blog lists the seeded posts and opens one; an unknown slug is not found', async ({ page }) => {
    await page.goto('/blog');
    const cards = page.locator('main article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const title = (await cards.first().locator('h2').textContent()) ?? '';
    await cards.first().locator('a').click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(h1(page)).toHaveText(title);
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();

    expect((await page.goto('/blog/no-such-post-anywhere'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been moved.")).toBeVisible();
  });

  test('an unknown path shows the not-found page, answered with 404', async ({ page }) => {
    expect((await page.goto('/nowhere/at/all'))?.status()).toBe(404);
    await expect(h1(page)).toHaveText('Page Not Found');
    await expect(page).toHaveTitle(/^Page Not Found - /);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('navigation', () => {
  test('header links go to their pages, and mark the current page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const p of PAGES.slice(1)) {
      const label = {
        '/about': 'About',
        '/coaching': 'Coaching',
        '/testimonials': 'Testimonials',
        '/blog': 'Blog',
        '/ask-ai': 'Ask AI',
        '/contact': 'Contact',
      }[p.path]!;
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${p.path}$`));
      await expect(h1(page)).toHaveText(p.heading);
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(h1(page)).toHaveText(PAGES[0]!.heading);
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Book Free Call' })).toHaveAttribute('target', '_blank');
  });

  test('footer quick links and legal links go to their pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'Testimonials' }).click();
    await expect(page).toHaveURL(/\/testimonials$/);
    await expect(h1(page)).toHaveText('Client Stories');
    const legal = footer.getByRole('navigation', { name: 'Legal & Policies' });
    const hrefs = await legal.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/legal/privacy-policy',
      '/legal/terms',
      '/legal/refund-policy',
      '/legal/disclaimer',
      '/legal/cookie-policy',
      '/legal/ai-disclosure',
    ]);
    await legal.getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page).toHaveURL(/\/legal\/cookie-policy$/);
    await expect(h1(page)).toContainText('Cookie Policy');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  });

  test('on a phone the drawer holds the links and closes after one is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Coaching' }).click();
    await expect(page).toHaveURL(/\/coaching$/);
    await expect(drawer).toBeHidden();
    await expect(h1(page)).toHaveText('Transformational Coaching Programs');
  });

  test('a program dialog hands its question to the Ask AI page, which sends it', async ({ page }) => {
    await page.goto('/coaching');
    await page.getByRole('button', { name: 'Learn more about Heal to Rise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Heal to Rise' });
    await expect(dialog.getByText('₹45,000')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ask My AI About This Program' }).click();
    await expect(page).toHaveURL(/\/ask-ai$/);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByTestId('user-message')).toContainText('Heal to Rise');
    await expect(log.getByTestId('assistant-message')).toHaveCount(2, { timeout: 20_000 });
  });
});

test.describe('writes that are stored', () => {
  test('a contact message sent through the form is stored', async ({ page, request }) => {
    const marker = `e2e-contact-${Date.now()}`;
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your Name').fill('Playwright Seeker');
    await form.getByLabel('Email Address').fill('seeker.e2e@example.com');
    await form.getByRole('combobox', { name: /Subject/ }).selectOption({ label: 'General Question' });
    await form.getByLabel('Your Message').fill(`Hello from the end-to-end test ${marker}`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' })).toBeVisible();
    await expect(form.getByLabel('Your Message')).toHaveValue('');

    const messages = await adminList<{ name: string; email: string; subject: string; message: string }>(
      request,
      '/api/contact-messages',
    );
    const stored = messages.filter((m) => m.message.includes(marker));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Playwright Seeker', email: 'seeker.e2e@example.com', subject: 'general' });
  });

  test('the contact form refuses invalid input with its validation messages', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please select a subject')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  });

  test('the field a refused form puts the cursor in comes out from under the fixed header', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    const name = form.getByLabel('Your Name');
    // The page scrolled so that the name field lies just under the header's lower edge.
    await name.evaluate((field) =>
      window.scrollTo({ top: field.getBoundingClientRect().top + window.scrollY - 40, behavior: 'instant' }),
    );
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(name).toBeFocused();
    const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
    await expect
      .poll(() => name.evaluate((field) => field.closest('.MuiFormControl-root')!.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(headerBottom);
  });

  test('a newsletter subscription is stored', async ({ page, request }) => {
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/blog');
    await page.getByLabel(/Your email address/).fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' })).toBeVisible();
    await expect(page.getByLabel(/Your email address/)).toHaveValue('');
    const subscribers = await adminList<{ email: string }>(request, '/api/newsletter-subscribers');
    expect(subscribers.filter((s) => s.email === email)).toHaveLength(1);
  });

  // The other lane's browsers record visits and likes too, so the counts are compared with what
  // this browser sent and what the server answered it.
  const statsWrites = (page: Page, kind: 'visit' | 'like') => {
    const sent: Array<Promise<SiteStats>> = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && new URL(res.url()).pathname === `/api/site-stats/${kind}`)
        sent.push(res.json() as Promise<SiteStats>);
    });
    return sent;
  };
  const readStats = async (request: APIRequestContext) =>
    (await (await request.get('/api/site-stats')).json()) as SiteStats;

  test('the like button works once and survives a reload', async ({ page, request }) => {
    const likes = statsWrites(page, 'like');
    const before = await readStats(request);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const like = footer.getByRole('button', { name: 'Like this site' });
    await expect(like).toBeEnabled();
    await like.click();
    const liked = footer.getByRole('button', { name: 'You liked this site' });
    await expect(liked).toBeDisabled();
    await expect.poll(() => likes.length).toBe(1);
    const answer = await likes[0]!;
    expect(answer.likeCount).toBeGreaterThan(before.likeCount);
    await expect(footer.getByText(`Liked by ${answer.likeCount} souls`)).toBeVisible();

    await page.reload();
    await expect(footer.getByRole('button', { name: 'You liked this site' })).toBeDisabled();
    await expect(footer.getByRole('button', { name: 'Like this site' })).toHaveCount(0);
    expect((await readStats(request)).likeCount).toBeGreaterThanOrEqual(answer.likeCount);
    expect(likes).toHaveLength(1);
  });

  test('a first visit is counted once per browser', async ({ page, request }) => {
    const visits = statsWrites(page, 'visit');
    const before = await readStats(request);
    await page.goto('/about');
    await expect.poll(() => visits.length).toBe(1);
    expect((await visits[0]!).visitorCount).toBeGreaterThan(before.visitorCount);
    // The flag is set only after the visit call succeeds; reloading earlier would rightly count again.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hasVisited'))).toBe('true');
    await page.reload();
    // The stats are read once the page has loaded, in the same moment a first visit would be sent.
    const statsRead = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/site-stats');
    await page.goto('/blog');
    await expect(h1(page)).toHaveText('Spiritual Insights');
    await statsRead;
    await page.waitForTimeout(500);
    expect(visits).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('hasVisited'))).toBe('true');
  });
});

test.describe('AI guidance', () => {
  test('the chat modal gets an answer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open spiritual guidance chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Spiritual Guidance with the coach' });
    await expect(dialog.getByText("Welcome, dear soul. I'm here to offer spiritual guidance")).toBeVisible();
    await dialog.getByRole('textbox').fill('I feel anxious about the future');
    await dialog.getByRole('textbox').press('Enter');
    await expect(dialog.getByTestId('user-message')).toHaveText(/I feel anxious about the future/);
    const answers = dialog.getByTestId('assistant-message');
    await expect(answers).toHaveCount(2, { timeout: 20_000 });
    await expect(answers.nth(1)).not.toContainText("I'm having trouble connecting");
    await dialog.getByRole('button', { name: 'Close chat' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the Ask AI page gets an answer and offers quick replies', async ({ page }) => {
    await page.goto('/ask-ai');
    await page.getByRole('button', { name: 'How can I find inner peace in a busy life?' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByTestId('user-message')).toHaveText(/inner peace/);
    await expect(log.getByTestId('assistant-message')).toHaveCount(2, { timeout: 20_000 });
    await expect(page.getByRole('group', { name: 'Suggested replies' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Unable to connect' })).toHaveCount(0);
  });
});

test.describe('prerendered pages', () => {
  const prerendered = [
    ...PAGES.filter((p) => !['/ask-ai', '/contact'].includes(p.path)),
    { path: '/legal/terms', heading: 'Terms and Conditions' },
  ];
  for (const p of prerendered) {
    test(`${p.path} arrives as HTML and hydrates without a mismatch`, async ({ page, request }) => {
      // The page's content is in the HTML the server sends, before any script runs.
      const html = await (await request.get(p.path)).text();
      expect(html).toContain(p.heading.replace(/&/g, '&amp;'));
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain('© 2025'); // the footer too

      const problems = pageProblems(page);
      await page.goto(p.path);
      await hydrated(page);
      // Hydrated: a header link navigates inside the app, without loading a new document.
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await page.getByRole('banner').getByRole('link').first().click();
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  test('a prerendered page hydrates on the styles written into it: none is inserted again, their tag stays in place', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen = { insertedRules: [] as string[], removedWrittenTags: 0 };
      Object.assign(window, { seen });
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
        seen.insertedRules.push(rule);
        return insertRule.call(this, rule, index);
      };
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof HTMLStyleElement && node.hasAttribute('data-written-styles')) seen.removedWrittenTags++;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/blog');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Open spiritual guidance chat' })).toBeVisible(); // the widgets too
    const written = new Set(
      ((await page.locator('style[data-written-styles]').getAttribute('data-written-styles')) ?? '').split(' '),
    );
    expect(written.size).toBeGreaterThan(100);
    const { insertedRules, removedWrittenTags } = await page.evaluate(
      () => (window as unknown as { seen: { insertedRules: string[]; removedWrittenTags: number } }).seen,
    );
    // The widgets, drawn after hydrating, insert styles of their own; none of the page's.
    expect(insertedRules.length).toBeGreaterThan(0);
    const insertedAgain = insertedRules.filter((rule) =>
      [...rule.matchAll(/\.mui-([a-z0-9]+)/g)].some(([, name]) => written.has(name)),
    );
    expect(insertedAgain).toEqual([]);
    expect(removedWrittenTags).toBe(0);
    // The global styles (the html and body rules among them) are taken over too, and stay before the page's own.
    expect(insertedRules.filter((rule) => /^(html|body)\b/.test(rule))).toEqual([]);
    const globalsFirst = await page.evaluate(() => {
      const globals = document.querySelector('style[data-emotion^="mui-global"]');
      const written = document.querySelector('style[data-written-styles]');
      return (
        !!globals && !!written && (globals.compareDocumentPosition(written) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      );
    });
    expect(globalsFirst).toBe(true);
  });

  test('/login arrives as a form in the HTML; what is filled in before the app starts is what signs in', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toContain('Welcome Back');
    expect(html).toMatch(/<input[^>]+name="email"/);

    // The app's scripts are held until the browser has filled in the saved sign-in.
    let release!: () => void;
    const filledIn = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await filledIn;
      await route.continue();
    });
    const problems = pageProblems(page);
    // (The page's load waits for its module scripts: only the HTML's arrival is awaited.)
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email').fill(DEMO_MEMBER.email);
    await page.getByLabel(/^Password\W*$/).fill(DEMO_MEMBER.password);
    release();
    await hydrated(page);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO_MEMBER.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/community$/);
    expect(problems).toEqual([]);
  });

  test('a returning visitor, whose answers were kept on the device, hydrates without a mismatch', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Site statistics' })).not.toContainText('Visitors: 0');
    // The statistics are kept in IndexedDB (src/shared/api/persist.ts) for the next visit.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('coach-query-cache');
              open.onsuccess = () => {
                const read = open.result.transaction('clients').objectStore('clients').get('react-query');
                read.onsuccess = () => resolve(JSON.stringify(read.result ?? '').includes('/api/site-stats'));
              };
            }),
        ),
      )
      .toBe(true);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('region', { name: 'Site statistics' })).not.toContainText('Visitors: 0');
    // The blog, whose posts were kept too, read a second time.
    for (let visit = 0; visit < 2; visit++) {
      await page.goto('/blog');
      await hydrated(page);
      await expect(page.locator('main article').first()).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test('a blog post arrives with its text in the HTML and hydrates without a mismatch', async ({ page, request }) => {
    const [first] = (await (await request.get('/api/blog/posts')).json()) as Array<{ slug: string; title: string }>;
    const post = (await (await request.get(`/api/blog/${first.slug}`)).json()) as { content: string };
    const firstLine = post.content
      .split('\n')
      .find((line) => line.trim() && !line.startsWith('#'))!
      .trim();
    const html = await (await request.get(`/blog/${first.slug}`)).text();
    // As React writes text into HTML.
    const asHtml = (text: string) =>
      text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#x27;');
    expect(html).toContain(asHtml(firstLine));

    const problems = pageProblems(page);
    await page.goto(`/blog/${first.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('/blog arrives with its posts in the HTML and keeps them once hydrated', async ({ page, request }) => {
    const [first] = (await (await request.get('/api/blog/posts')).json()) as Array<{ title: string }>;
    expect(await (await request.get('/blog')).text()).toContain(first.title);
    await page.goto('/blog');
    await expect(page.locator('main article').first()).toContainText(first.title);
    await hydrated(page);
    await page.getByRole('button', { name: 'Healing' }).click(); // the filters work: the page is live
    await expect(page.getByRole('button', { name: 'Healing' })).toHaveAttribute('aria-pressed', 'true');
  });
});

// Any post's date falls on different days at UTC+14 and UTC-12: in one of them at least, the
// reader's date differs from the server's, which must not break hydration.
for (const timezoneId of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
  test(`/blog hydrates without a mismatch for a reader at ${timezoneId}`, async ({ browser, baseURL, request }) => {
    const [first] = (await (await request.get('/api/blog/posts')).json()) as Array<{ publishedAt: string }>;
    const context = await browser.newContext({ baseURL, timezoneId });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await page.goto('/blog');
    await hydrated(page);
    // Once hydrated the card shows the reader's own date.
    const local = new Date(first.publishedAt).toLocaleDateString('en-US', { timeZone: timezoneId, dateStyle: 'long' });
    await expect(page.locator('main article').first()).toContainText(local);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('pages with forms keep to the content security policy', async ({ page }) => {
  // zod, which checks the forms, probes `new Function` unless told not to; the CSP forbids eval and
  // the browser reports the probe, caught or not.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}`));
  });
  for (const [path, field] of [
    ['/contact', 'Your Name'],
    ['/login', 'Email'],
    ['/signup', 'Username'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel(field).first()).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual(
      [],
    );
  }
});
