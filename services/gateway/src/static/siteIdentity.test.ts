import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startStack, type Stack } from '@coach/dev-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built PWA as it is (pwa/dist, made with the placeholder identity), served by a gateway
// started with another coach's identity: no build in between.
const COACH = {
  COACH_NAME: 'Asha Rao',
  COACH_TAGLINE: 'Mindful Life Coach',
  COACH_PUBLIC_EMAIL: 'hello@asha-rao.example',
  COACH_WHATSAPP_NUMBER: '447700900123',
  COACH_BOOKING_URL: 'https://cal.example/asha',
  COACH_INSTAGRAM_URL: 'https://www.instagram.com/asha.rao',
};
const DIST = path.join(REPO_ROOT, 'pwa/dist');

let stack: Stack;
const get = (urlPath: string) => fetch(`${stack.gatewayUrl}${urlPath}`);
async function page(urlPath: string): Promise<string> {
  const res = await get(urlPath);
  expect(res.status, urlPath).toBe(200);
  expect(res.headers.get('content-type'), urlPath).toContain('text/html');
  return res.text();
}
/** The identity a page gives the app that hydrates it. */
const identityIn = (html: string) =>
  JSON.parse(/<script type="application\/json" id="site-identity">([^<]*)<\/script>/.exec(html)![1]!) as Record<
    string,
    string
  >;

/** A page that names the configured coach, and the placeholder one nowhere. */
function expectAsha(html: string, urlPath: string) {
  expect(identityIn(html), urlPath).toMatchObject({
    name: 'Asha Rao',
    brand: 'Asha Rao Coaching',
    bookingUrl: COACH.COACH_BOOKING_URL,
  });
  expect(html, urlPath).not.toMatch(/Meera|meera-anand|919800000000/);
}

beforeAll(async () => {
  stack = await startStack({ services: ['content', 'gateway'], logLevel: 'silent', env: COACH });
});
afterAll(async () => {
  await stack?.stop();
});

describe("the coach's identity from the gateway's environment", () => {
  it('names the coach on the home page, rendered with it, though the build named another', async () => {
    expect(readFileSync(path.join(DIST, 'prerendered/index.html'), 'utf8')).toContain('Meera Anand');
    const html = await page('/');
    expectAsha(html, '/');
    expect(html).toContain('Mindful Life Coach<!-- --> · <!-- -->Asha Rao');
    expect(html).toContain(`href="${COACH.COACH_BOOKING_URL}"`);
    expect(html).toContain(`href="mailto:${COACH.COACH_PUBLIC_EMAIL}"`);
    expect(html).toContain('href="https://wa.me/447700900123?text=Hello%20Asha%2C');
    expect(html).toContain(`href="${COACH.COACH_INSTAGRAM_URL}"`);
    expect(html).toContain('© 2025 <!-- -->Asha Rao Coaching');
    // Rendered once, then served as it is.
    expect(await page('/')).toBe(html);
  });

  it('names the coach in the legal pages', async () => {
    const html = await page('/legal/privacy-policy');
    expectAsha(html, '/legal/privacy-policy');
    expect(html).toContain('<title>Privacy Policy - Asha Rao Coaching</title>');
    expect(html).toContain('is the coaching practice of <!-- -->Asha Rao');
    expect(html).toContain(`href="mailto:${COACH.COACH_PUBLIC_EMAIL}"`);
  });

  it('names the coach on /blog, rendered with the posts', async () => {
    const [first] = (await (await get('/api/blog/posts')).json()) as Array<{ title: string }>;
    const html = await page('/blog');
    expectAsha(html, '/blog');
    expect(html).toContain(`>${first!.title}<`);
    expect(html).toContain(' - Asha Rao Coaching</title>');
  });

  it('gives the identity to the shell of every other page, the not-found one too, and to the copy an installed app keeps', async () => {
    for (const urlPath of ['/contact', '/index.html']) expectAsha(await page(urlPath), urlPath);
    const notFound = await get('/no/such/page');
    expect(notFound.status).toBe(404);
    expectAsha(await notFound.text(), '/no/such/page');

    const manifest = (await (await get('/manifest.webmanifest')).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Asha Rao Coaching', short_name: 'Asha Rao', start_url: '/' });

    // The worker precaches the shell under a revision of its own, so an installed app fetches it again.
    const revision = (worker: string) => /\{"revision":"([^"]+)","url":"index\.html"\}/.exec(worker)?.[1];
    const built = revision(readFileSync(path.join(DIST, 'sw.js'), 'utf8'));
    const served = await get('/sw.js');
    expect(served.headers.get('cache-control')).toBe('no-cache');
    expect(built).toBeTruthy();
    expect(revision(await served.text())).toMatch(new RegExp(`^${built}-[0-9a-f]{16}$`));
  });
});
