import { createApp, createLogger, finishApp } from '@coach/kit';
import { databaseUrl, DEMO_ADMIN, listen, requestFrom, startStack, type Answer, type Stack } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies } from '../client/client-address.ts';
import { CROSS_SITE_REFUSED, crossSiteGuard } from './cross-site.ts';

const refused = (answer: Answer) => {
  expect(answer.status).toBe(403);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ message: CROSS_SITE_REFUSED });
};

describe('the site’s own origin', () => {
  /** The gateway's address decision and guard in front of one write that answers 200. */
  async function gatewayWith(trusted: string) {
    const logger = createLogger('test', 'silent');
    const app = createApp(logger, { json: false, trustProxy: parseTrustedProxies(trusted) });
    app.use(clientAddress());
    app.use(crossSiteGuard);
    app.post('/api/write', (_req, res) => res.json({ ok: true }));
    return listen(finishApp(app, logger));
  }
  const write = (url: string, headers: Record<string, string>) =>
    requestFrom(`${url}/api/write`, { method: 'POST', headers: { host: 'coach.example', ...headers } });

  it('is the Host with the protocol the trusted proxy reports', async () => {
    const gateway = await gatewayWith('1');
    expect((await write(gateway.url, { 'x-forwarded-proto': 'https', origin: 'https://coach.example' })).status).toBe(
      200,
    );
    refused(await write(gateway.url, { 'x-forwarded-proto': 'https', origin: 'http://coach.example' }));
    refused(await write(gateway.url, { 'x-forwarded-proto': 'https', origin: 'https://coach.example:8443' }));
    refused(await write(gateway.url, { 'x-forwarded-proto': 'https', origin: 'https://evil.coach.example' }));
    await gateway.close();
  });

  it('takes no protocol from a client when no proxy is trusted', async () => {
    const gateway = await gatewayWith('0');
    refused(await write(gateway.url, { 'x-forwarded-proto': 'https', origin: 'https://coach.example' }));
    expect((await write(gateway.url, { origin: 'http://coach.example' })).status).toBe(200);
    await gateway.close();
  });
});

describe('cross-site requests through the real stack', () => {
  let stack: Stack;
  let db: mongoose.Connection;
  let siteOrigin: string;
  /** Another port on the same host: a sibling origin of the same site. */
  let siblingOrigin: string;

  beforeAll(async () => {
    stack = await startStack({
      services: ['content', 'members', 'ai-worker', 'gateway'],
      logLevel: 'silent',
      env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', PUBLIC_CACHE_SECONDS: '0' },
    });
    db = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
    siteOrigin = new URL(stack.gatewayUrl).origin;
    siblingOrigin = new URL(stack.urls.content).origin;
  });
  afterAll(async () => {
    await db?.close();
    await stack?.stop();
  });

  const call = (path: string, method: string, headers: Record<string, string> = {}) =>
    requestFrom(`${stack.gatewayUrl}${path}`, { method, headers });
  const likes = async () => Number((await db.collection('site_stats').findOne({}))?.likeCount ?? 0);
  const like = (headers: Record<string, string>) => call('/api/site-stats/like', 'POST', headers);
  const signIn = async () => {
    const login = await requestFrom(`${stack.gatewayUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteOrigin, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    expect(login.status).toBe(200);
    return (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  };
  const signedIn = async (cookie: string) => (await call('/api/auth/me', 'GET', { cookie })).status === 200;

  it('refuses a write with a foreign Origin, changing nothing', async () => {
    const before = await likes();
    refused(await like({ origin: 'https://evil.example' }));
    refused(await like({ origin: 'null' }));
    refused(await like({ origin: siblingOrigin }));
    expect(await likes()).toBe(before);
  });

  it('refuses a write the browser marks cross-site or same-site, changing nothing', async () => {
    const before = await likes();
    refused(await like({ 'sec-fetch-site': 'cross-site' }));
    refused(await like({ 'sec-fetch-site': 'same-site' }));
    refused(await like({ 'sec-fetch-site': 'cross-site', origin: siteOrigin }));
    expect(await likes()).toBe(before);
  });

  it('lets the site’s own writes through, and those of clients that send neither header', async () => {
    const before = await likes();
    expect((await like({ origin: siteOrigin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await like({ origin: siteOrigin })).status).toBe(200);
    expect((await like({})).status).toBe(200);
    expect(await likes()).toBe(before + 3);
  });

  it('a sibling origin cannot make the signed-in coach generate a daily post', async () => {
    const cookie = await signIn();
    const generated = () => db.collection('blog_posts').countDocuments({ generationId: /^admin-/ });
    const before = await generated();
    refused(
      await call('/api/blog/generate-daily', 'POST', { cookie, origin: siblingOrigin, 'sec-fetch-site': 'same-site' }),
    );
    const own = await call('/api/blog/generate-daily', 'POST', {
      cookie,
      origin: siteOrigin,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(201);
    expect(await generated()).toBe(before + 1);
  });

  it('ignores a logout link followed, or a HEAD sent, from another site; the site’s own logout navigation signs out', async () => {
    const cookie = await signIn();
    refused(await call('/api/auth/logout', 'GET', { cookie, 'sec-fetch-site': 'cross-site' }));
    refused(await call('/api/auth/logout', 'GET', { cookie, 'sec-fetch-site': 'same-site' }));
    // The services' routes ignore a trailing slash and the case of letters: so does the guard.
    for (const variant of ['/api/auth/logout/', '/api/auth/Logout', '/API/AUTH/LOGOUT//'])
      refused(await call(variant, 'GET', { cookie, 'sec-fetch-site': 'cross-site' }));
    // A HEAD reaches the same handler: it is refused too (403, without a body).
    expect((await call('/api/auth/logout', 'HEAD', { cookie, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect(await signedIn(cookie)).toBe(true);
    const own = await call('/api/auth/logout', 'GET', { cookie, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(303);
    expect(await signedIn(cookie)).toBe(false);

    const typed = await signIn();
    expect((await call('/api/auth/logout', 'GET', { cookie: typed, 'sec-fetch-site': 'none' })).status).toBe(303);
    expect(await signedIn(typed)).toBe(false);
  });
});
