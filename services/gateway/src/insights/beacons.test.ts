import { randomUUID } from 'node:crypto';
import { BEACON_PATH } from '@coach/contracts';
import { databaseUrl, requestFrom, startStack, type Answer, type Stack } from '@coach/dev-stack';
import { createLogger, createRedis, type Redis } from '@coach/kit';
import { signedSessionCookie, until } from '@coach/kit/testing';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_REFUSED } from '../csrf/cross-site.ts';

// The beacons the gateway takes itself, with the real thing behind it: content, mongod and
// redis-server as processes. Each test sends from its own loopback address: its own write budget.
let stack: Stack;
let db: mongoose.Connection;
let redis: Redis;
const WRITES = 25;
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

beforeAll(async () => {
  stack = await startStack({
    services: ['content', 'gateway'],
    logLevel: 'silent',
    env: { RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES) },
  });
  db = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
  redis = createRedis(stack.redisUrl, createLogger('beacons-test', 'silent'));
});
afterAll(async () => {
  await redis?.quit();
  await db?.close();
  await stack?.stop();
});

const view = (path: string) => ({ events: [{ type: 'pageview', path }] });
function beacon(base: string, from: string, body: unknown, headers: Record<string, string> = {}) {
  return requestFrom(`${base}${BEACON_PATH}`, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', 'user-agent': DESKTOP, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const stored = (path: string) => db.collection('insight_events').countDocuments({ path });
const json = (answer: Answer) => JSON.parse(answer.body) as unknown;

/** A session cookie of the coach, signed and recorded as active as the members service does. */
const coachCookie = () => signedSessionCookie(redis, stack.env.members.SESSION_PRIVATE_KEY!, 'admin');

describe('a beacon through the gateway', () => {
  it('is answered 204 at once, with the security headers and a request id, and counted by content', async () => {
    const path = `/blog/beacon-${randomUUID()}`;
    const answer = await beacon(stack.gatewayUrl, '127.0.0.21', view(path));
    expect(answer.status).toBe(204);
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('same-origin');
    expect(answer.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(Number(answer.headers['ratelimit-remaining'])).toBe(WRITES - 1);
    await until(async () => (await stored(path)) === 1);
    const [row] = await db.collection('insight_events').find({ path }).toArray();
    expect(row).toMatchObject({ type: 'pageview', device: 'desktop' });
    expect(JSON.stringify(row)).not.toContain('127.0.0.21');
  });

  it('is refused with 400 and the very answer content gives, and nothing is counted', async () => {
    const path = `/refused-${randomUUID()}`;
    const big = { type: 'pageview', path: `${path}/${'a'.repeat(250)}`, referrer: 'x'.repeat(1000) };
    const bodies: Array<[string, unknown, Record<string, string>?]> = [
      ['oversized', { events: [big, big, big, big] }],
      ['malformed', '{"events": ['],
      ['not an object', '"a pageview"'],
      ['no events', { events: [] }],
      ['a purchase', { events: [{ type: 'purchase_completed', path }] }],
      ['a path without its slash', { events: [{ type: 'pageview', path: 'no-slash' }] }],
      ['an unknown field', { events: [{ type: 'pageview', path, visitor: 'me' }] }],
      ['too deep', `${'['.repeat(40)}${']'.repeat(40)}`],
      ['not JSON', 'events=1', { 'content-type': 'text/plain' }],
    ];
    for (const [name, body, headers] of bodies) {
      const viaGateway = await beacon(stack.gatewayUrl, '127.0.0.22', body, headers);
      const direct = await beacon(stack.urls.content, '127.0.0.22', body, headers);
      expect(viaGateway.status, name).toBe(400);
      expect(json(viaGateway), name).toEqual(json(direct));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500)); // past a batch and content's storing
    expect(await db.collection('insight_events').countDocuments({ path: { $regex: `^${path}` } })).toBe(0);
  });

  it('counts nothing under Global Privacy Control or Do Not Track, for robots or for the signed-in coach', async () => {
    const prefix = `/opted-out-${randomUUID()}`;
    const cookie = await coachCookie();
    const optedOut: Array<[string, Record<string, string>]> = [
      ['gpc', { 'sec-gpc': '1' }],
      ['dnt', { dnt: '1' }],
      ['robot', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
      ['coach', { cookie: `theme=dark; ${cookie}` }],
    ];
    for (const [name, headers] of optedOut)
      expect((await beacon(stack.gatewayUrl, '127.0.0.23', view(`${prefix}/${name}`), headers)).status).toBe(204);
    // A member's cookie is no reason not to count her.
    expect(
      (await beacon(stack.gatewayUrl, '127.0.0.23', view(`${prefix}-reader`), { cookie: 'theme=dark' })).status,
    ).toBe(204);
    await until(async () => (await stored(`${prefix}-reader`)) === 1);
    expect(await db.collection('insight_events').countDocuments({ path: { $regex: `^${prefix}/` } })).toBe(0);
  });

  it('is refused when another site makes a browser send it (403), and past the write budget (429)', async () => {
    const path = `/limited-${randomUUID()}`;
    const cross = await beacon(stack.gatewayUrl, '127.0.0.24', view(path), { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    expect(json(cross)).toEqual({ message: CROSS_SITE_REFUSED });
    const statuses: number[] = [];
    for (let i = 0; i < WRITES; i++) statuses.push((await beacon(stack.gatewayUrl, '127.0.0.25', view(path))).status);
    expect(statuses.every((status) => status === 204)).toBe(true);
    const refused = await beacon(stack.gatewayUrl, '127.0.0.25', view(path));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(refused)).toEqual({ message: 'Too many requests. Please wait a moment and try again.' });
    // The budget is the client's for every write: a like from the same address is refused too.
    const like = await requestFrom(`${stack.gatewayUrl}/api/site-stats/like`, { method: 'POST', from: '127.0.0.25' });
    expect(like.status).toBe(429);
    await until(async () => (await stored(path)) === WRITES);
  });

  it("counts in the coach's figures read right after it", async () => {
    const cookie = await coachCookie();
    const views = async () => {
      const res = await requestFrom(`${stack.gatewayUrl}/api/admin/insights?days=7`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return (JSON.parse(res.body) as { totals: { views: number } }).totals.views;
    };
    const before = await views(); // every beacon sent before is counted by now
    expect((await beacon(stack.gatewayUrl, '127.0.0.27', view(`/read-right-after-${randomUUID()}`))).status).toBe(204);
    expect(await views()).toBe(before + 1);
  });

  it('is held while content is away and counted once it is back', async () => {
    const path = `/while-away-${randomUUID()}`;
    await stack.stopService('content');
    try {
      for (let i = 0; i < 3; i++) expect((await beacon(stack.gatewayUrl, '127.0.0.26', view(path))).status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 1200)); // a batch tried, and held again
    } finally {
      await stack.startService('content');
    }
    await until(async () => (await stored(path)) === 3, 15_000);
  });
});
