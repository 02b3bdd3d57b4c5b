import { QUEUES, type Insights } from '@coach/contracts';
import { createRedis, type Redis } from '@coach/kit';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContent, type Content } from '../testing/harness.ts';
import { until } from '../testing/requests.ts';
import { startInsightsJobs } from './jobs.ts';
import { createBeaconRecorder, dayOf, rollUpDay } from './service.ts';

// The coach's insights with real parts: content's routes and jobs, MongoDB and Redis.

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
let content: Content;
let redis: Redis;
let connection: Redis;
let jobs: ReturnType<typeof startInsightsJobs>;
let admin: string;

function beacon(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${content.url}/api/insights/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': DESKTOP, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const view = (path: string, extra: object = {}) => ({ events: [{ type: 'pageview', path, ...extra }] });
async function insights(days = 7): Promise<Insights> {
  const res = await fetch(`${content.url}/api/admin/insights?days=${days}`, { headers: { cookie: admin } });
  expect(res.status).toBe(200);
  return (await res.json()) as Insights;
}
const events = () => mongoose.connection.collection('insight_events');

beforeAll(async () => {
  content = await startContent();
  admin = await content.sessionCookie('admin');
  redis = createRedis(content.redisUrl, content.logger);
  connection = createRedis(content.redisUrl, content.logger, 'queues');
  jobs = startInsightsJobs(connection, content.queues, {
    redis,
    publish: content.publish,
    logger: content.logger,
    weeklyPattern: '0 0 8 * * 1',
  });
}, 60_000);

afterAll(async () => {
  await jobs?.close();
  await redis?.quit();
  await connection?.quit();
  await content?.stop();
});

describe('the beacon', () => {
  it('counts page views with their source and device, unique visitors per day, and the events that matter', async () => {
    const reader = { 'x-forwarded-for': '203.0.113.7', 'user-agent': PHONE };
    expect(
      (await beacon(view('/blog/letting-go', { referrer: 'https://www.google.com/search?q=letting+go' }), reader))
        .status,
    ).toBe(204);
    expect(
      (
        await beacon(
          {
            events: [
              { type: 'pageview', path: '/coaching', utm: { source: 'newsletter', medium: 'email' } },
              { type: 'booking_click', path: '/coaching', post: 'letting-go' },
              { type: 'newsletter_subscribed', path: '/blog/letting-go' },
            ],
          },
          reader,
        )
      ).status,
    ).toBe(204);
    await beacon(view('/blog/letting-go'), { 'x-forwarded-for': '198.51.100.4' });

    const figures = await insights();
    expect(figures.days).toBe(7);
    expect(figures.daily).toHaveLength(7);
    expect(figures.daily.at(-1)).toEqual({ day: dayOf(new Date()), visitors: 2, views: 3 });
    expect(figures.totals).toEqual({ visitors: 2, views: 3 });
    expect(figures.topPages).toEqual([
      { key: '/blog/letting-go', count: 2 },
      { key: '/coaching', count: 1 },
    ]);
    expect(figures.topPosts).toEqual([{ key: 'letting-go', count: 2 }]);
    expect(figures.sources).toEqual([
      { key: 'google.com', count: 1 },
      { key: 'newsletter', count: 1 },
    ]);
    expect(figures.devices).toEqual([
      { key: 'mobile', count: 2 },
      { key: 'desktop', count: 1 },
    ]);
    expect(figures.conversions).toMatchObject({ booking_click: 1, newsletter_subscribed: 1, purchase_completed: 0 });
    expect(figures.conversionsByPost).toEqual([
      { post: 'letting-go', conversions: { booking_click: 1, newsletter_subscribed: 1 } },
    ]);

    // Nothing stored names the visitor: no address, no user agent, no hash.
    const stored = JSON.stringify(await events().find().toArray());
    expect(stored).not.toContain('203.0.113.7');
    expect(stored).not.toContain('iPhone');
    // The day's salt goes when the day ends.
    const ttl = await redis.ttl(`insights:salt:${dayOf(new Date())}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(24 * 3600);
  });

  it('refuses an oversized, malformed or forged beacon with 400 and counts nothing', async () => {
    const before = await events().countDocuments();
    const big = { events: [{ type: 'pageview', path: `/${'a'.repeat(290)}`, referrer: 'x'.repeat(1000) }] };
    const oversized = { events: Array.from({ length: 4 }, () => big.events[0]) };
    expect(JSON.stringify(oversized).length).toBeGreaterThan(4096);
    for (const body of [
      oversized,
      '{"events": [',
      { events: [] },
      { events: [{ type: 'purchase_completed', path: '/checkout' }] },
      { events: [{ type: 'pageview', path: 'no-slash' }] },
      { events: [{ type: 'pageview', path: '/', visitor: 'me' }] },
    ])
      expect((await beacon(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(await events().countDocuments()).toBe(before);
  });

  it('counts nothing under Global Privacy Control or Do Not Track, for the signed-in coach, or for robots', async () => {
    const optedOut = <[string, Record<string, string>][]>[
      ['gpc', { 'sec-gpc': '1' }],
      ['dnt', { dnt: '1' }],
      ['coach', { cookie: admin }],
      ['robot', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ];
    for (const [name, headers] of optedOut)
      expect((await beacon(view(`/opted-out/${name}`), headers)).status).toBe(204);
    // A reader's beacon after them is stored with whatever the recorder held beside it.
    expect((await beacon(view('/opted-out-control'))).status).toBe(204);
    await until(async () => (await events().countDocuments({ path: '/opted-out-control' })) === 1);
    expect(await events().distinct('path', { path: /^\/opted-out\// })).toEqual([]);
  });
});

describe('the figures', () => {
  it('are the coach’s alone, for 7, 30 or 90 days', async () => {
    expect((await fetch(`${content.url}/api/admin/insights?days=7`)).status).toBe(401);
    const member = await content.sessionCookie('user');
    expect((await fetch(`${content.url}/api/admin/insights`, { headers: { cookie: member } })).status).toBe(403);
    expect((await fetch(`${content.url}/api/admin/insights?days=14`, { headers: { cookie: admin } })).status).toBe(400);
    expect((await insights(90)).daily).toHaveLength(90);
  });

  it('keep a finished day for good once rolled up, after its raw events are gone', async () => {
    const recorder = createBeaconRecorder(redis, content.logger);
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    // (A past day's salt is gone already: one beacon per visitor, as within a day.)
    for (const [address, views] of [
      ['192.0.2.1', 2],
      ['192.0.2.2', 1],
    ] as const)
      await recorder.record(
        { events: Array.from({ length: views }, () => ({ type: 'pageview' as const, path: '/blog/old-post' })) },
        { address, userAgent: DESKTOP },
        yesterday,
      );
    await recorder.flush();
    await content.queues.get(QUEUES.insights).add('rollup', {});
    const day = dayOf(yesterday);
    await until(async () =>
      Boolean(await mongoose.connection.collection('insight_days').findOne({ _id: day as never })),
    );
    await events().deleteMany({ day });
    expect((await insights()).daily.find((d) => d.day === day)).toEqual({ day, visitors: 2, views: 3 });
  });

  it('of a day are counted from the index alone, as a count of its raw events gives them', async () => {
    // Pages and posts past the hundred kept, ties, events without a path, device or source, a
    // null source, conversions with and without a post.
    const day = '2020-02-02';
    const paths = Array.from({ length: 150 }, (_, i) => (i % 3 ? `/blog/post-${i}` : `/page-${i}`));
    const rows = Array.from({ length: 2500 }, (_, i) => {
      const type = i % 5 ? 'pageview' : ['signup', 'booking_click'][i % 2]!;
      return {
        at: new Date(`${day}T12:00:00Z`),
        day,
        type,
        ...(i % 17 ? { path: paths[(i * 7) % paths.length] } : {}),
        ...(i % 3 === 0 ? { source: ['google.com', 'x.com', null][i % 9 === 0 ? 2 : (i / 3) % 2] } : {}),
        ...(i % 11 ? { device: ['mobile', 'desktop', 'tablet'][i % 3] } : {}),
        ...(type !== 'pageview' && i % 4 ? { post: `post-${i % 13}` } : {}),
      };
    });
    await events().insertMany(rows.map((row) => ({ ...row })));
    const counted = (keys: Array<string | null | undefined>) => {
      const counts = new Map<string | null, number>();
      for (const key of keys) counts.set(key ?? null, (counts.get(key ?? null) ?? 0) + 1);
      const byKey = (a: string | null, b: string | null) =>
        a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
      return [...counts]
        .sort(([ka, a], [kb, b]) => b - a || byKey(ka, kb))
        .slice(0, 100)
        .map(([key, count]) => ({ key, count }));
    };
    const views = rows.filter((r) => r.type === 'pageview');
    const others = rows.filter((r) => r.type !== 'pageview');
    const figures = await rollUpDay(redis, day);
    expect(figures).toEqual({
      _id: day,
      visitors: 0,
      views: views.length,
      pages: counted(views.map((r) => r.path)),
      posts: counted(views.map((r) => r.path).filter((p) => p?.startsWith('/blog/'))).map((p) => ({
        key: p.key!.slice('/blog/'.length),
        count: p.count,
      })),
      sources: counted(views.map((r) => r.source).filter((s) => typeof s === 'string')),
      devices: counted(views.map((r) => r.device)),
      conversions: counted(others.map((r) => r.type)),
      postConversions: counted(others.filter((r) => r.post).map((r) => `${r.post} ${r.type}`)),
    });
    // No event is read: the day's groups come from the index.
    const plan = JSON.stringify(
      await mongoose.connection
        .collection('insight_events')
        .aggregate([
          { $match: { day } },
          {
            $group: {
              _id: { type: '$type', path: '$path', post: '$post', source: '$source', device: '$device' },
              n: { $sum: 1 },
            },
          },
        ])
        .explain(),
    );
    expect(plan).toContain('IXSCAN');
    expect(plan).not.toContain('FETCH');
    await events().deleteMany({ day });
    await mongoose.connection.collection('insight_days').deleteOne({ _id: day as never });
  });

  it('count a purchase from the site’s own records once, for the post its buyer came from', async () => {
    for (const id of ['first', 'again'])
      await content.publish(
        'purchase.completed',
        {
          purchaseId: 'p-1',
          email: 'buyer@example.com',
          name: 'Buyer',
          productName: 'Inner Peace',
          amount: 1_500_000,
          invoiceNumber: 'INV/1',
          receiptRef: '',
          claimToken: null,
          fromPost: 'finding-stillness',
        },
        `purchase-${id}`,
      );
    await until(async () => (await events().countDocuments({ type: 'purchase_completed' })) === 1);
    await until(async () => (await insights()).conversions.purchase_completed === 1);
    expect((await insights()).conversionsByPost).toContainEqual({
      post: 'finding-stillness',
      conversions: { purchase_completed: 1 },
    });
  });

  it('go to the coach by e-mail once a week, unless she turns it off', async () => {
    const emails = content.queues.get(QUEUES.emails);
    const reports = async () => (await emails.getJobs()).filter((j) => j.name === 'insights.weekly_report');
    const set = (weeklyEmail: boolean) =>
      fetch(`${content.url}/api/admin/insights/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: admin },
        body: JSON.stringify({ weeklyEmail }),
      });
    expect((await set(false)).status).toBe(200);
    expect((await insights()).weeklyEmail).toBe(false);
    const off = await content.queues.get(QUEUES.insights).add('weekly', {});
    await until(async () => (await off.getState()) === 'completed');
    expect(await reports()).toHaveLength(0);

    expect((await set(true)).status).toBe(200);
    await content.queues.get(QUEUES.insights).add('weekly', {});
    await until(async () => (await reports()).length === 1);
    const [report] = await reports();
    expect(report.data.payload).toMatchObject({
      weekEnding: dayOf(new Date(Date.now() - 24 * 3600_000)),
      topPosts: [{ key: 'old-post', count: 3 }],
    });
  });
});
