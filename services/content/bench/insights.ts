// The insights figures. Beacons: page views sent through the gateway at a steady 1,000 events a
// second (one event a beacon, the costliest way to send them), alone, and the gateway's CPU time per
// beacon; then the public statistics read at full load, without and alongside them. Reading: 90 days of 5,000 page views a day stored as
// the beacon stores them, the finished days rolled up as the nightly job does, then the coach's
// first request for 90 days timed.
import { QUEUES } from '@coach/contracts';
import { createLogger, createQueues, createRedis } from '@coach/kit';
import { DEMO_ADMIN, type Stack } from '@coach/dev-stack';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { load } from '../../../bench/autocannon.ts';
import { cpuMs } from '../../../bench/cpu.ts';

export const BEACON_EVENTS_PER_SECOND = 1000;
export const BEACON_P99_TARGET_MS = 50;
/** The gateway's CPU time per beacon at most, in ms (a bare Node server answering 204 spends about 0.07). */
export const GATEWAY_CPU_PER_BEACON_TARGET_MS = 0.2;
export const INSIGHTS_FIRST_ANSWER_TARGET_MS = 200;
const DAYS = 90;
const VIEWS_PER_DAY = 5000;
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const PAGES = ['/', '/blog', '/coaching', '/about', '/contact', '/blog/letting-go', '/blog/the-quiet-mind'];

/** Beacons sent first, not measured: the gateway's compiler and caches settle in about this long. */
const WARM_UP_SECONDS = 5;

/**
 * Beacons at BEACON_EVENTS_PER_SECOND for `seconds` (after WARM_UP_SECONDS of the same), with the
 * gateway's CPU time per beacon over that run (utime + stime of `gatewayPid`); then the public
 * statistics read alone and beside beacons.
 */
export async function benchBeacons(gateway: string, gatewayPid: number, seconds: number, connections: number) {
  const beacons = (duration = seconds) =>
    autocannon({
      url: `${gateway}/api/insights/beacon`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': DESKTOP },
      body: JSON.stringify({ events: [{ type: 'pageview', path: '/blog/letting-go' }] }),
      connections: 20,
      overallRate: BEACON_EVENTS_PER_SECOND,
      duration,
    });
  const read = () => load(`${gateway}/api/site-stats`, { connections, seconds });
  await read(); // warm-up
  await beacons(WARM_UP_SECONDS);
  const cpuBefore = cpuMs(gatewayPid);
  const sent = await beacons();
  const gatewayCpuMs = cpuMs(gatewayPid) - cpuBefore;
  const alone = await read();
  const [beside] = await Promise.all([read(), beacons()]);
  return {
    beacons: {
      'events/s': Math.round(sent.requests.average),
      'p50 ms': sent.latency.p50,
      'p99 ms': sent.latency.p99,
      non2xx: sent.non2xx,
      errors: sent.errors + sent.timeouts,
      'gateway CPU ms/beacon': Math.round((gatewayCpuMs / Math.max(1, sent.requests.total)) * 1000) / 1000,
    },
    reads: [
      { run: 'GET /api/site-stats alone', 'req/s': alone.requestsPerSecond, 'p99 ms': alone.p99Ms },
      { run: 'GET /api/site-stats with beacons', 'req/s': beside.requestsPerSecond, 'p99 ms': beside.p99Ms },
    ],
  };
}

export async function benchInsightsRead(stack: Stack) {
  const db = await mongoose.createConnection(stack.env.content.MONGO_URL).asPromise();
  const logger = createLogger('bench-insights', 'silent');
  const redis = createRedis(stack.redisUrl, logger, 'queues');
  const queues = createQueues(redis, logger);
  try {
    const events = db.collection('insight_events');
    const now = Date.now();
    const stored = Date.now();
    for (let d = 0; d < DAYS; d += 1) {
      const at = new Date(now - d * 24 * 3600_000);
      const day = at.toISOString().slice(0, 10);
      await events.insertMany(
        Array.from({ length: VIEWS_PER_DAY }, (_, i) => ({
          at,
          day,
          type: 'pageview',
          path: PAGES[i % PAGES.length],
          ...(i % 3 === 0 ? { source: ['google.com', 'instagram.com', 'newsletter'][i % 9 === 0 ? 0 : 1] } : {}),
          device: i % 2 ? 'mobile' : 'desktop',
        })),
        { ordered: false },
      );
    }
    const storing = (Date.now() - stored) / 1000;
    // The nightly rollup, as its scheduler runs it.
    const rolled = Date.now();
    const job = await queues.get(QUEUES.insights).add('rollup', {});
    while (!['completed', 'failed'].includes(await job.getState())) await new Promise((r) => setTimeout(r, 100));
    const rollup = (Date.now() - rolled) / 1000;

    const login = await fetch(`${stack.gatewayUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const ask = async () => {
      const started = performance.now();
      const res = await fetch(`${stack.gatewayUrl}/api/admin/insights?days=90`, { headers: { cookie } });
      const body = (await res.json()) as { totals: { views: number } };
      return { ms: Math.round(performance.now() - started), status: res.status, views: body.totals?.views };
    };
    const first = await ask();
    const second = await ask();
    return {
      'raw events': DAYS * VIEWS_PER_DAY,
      'stored in s': storing,
      'rollup s': rollup,
      'first answer ms': first.ms,
      'second answer ms': second.ms,
      status: first.status,
      'views counted': first.views,
    };
  } finally {
    await db.collection('insight_events').deleteMany({ path: { $in: PAGES } });
    await db.collection('insight_days').deleteMany({});
    await queues.close();
    await redis.quit();
    await db.close();
  }
}
