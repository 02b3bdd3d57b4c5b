import { CONVERSIONS, type Beacon, type DeviceClass, type Insights } from '@coach/contracts';
import { BLOG_POST_PATH, postSlugOfPath } from '@coach/site-rules';
import type { Logger, Redis } from '@coach/kit';
import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { InsightDayModel, InsightEventModel, InsightSettingsModel, RAW_EVENTS_DAYS } from './model.ts';

const DAY_MS = 24 * 3600_000;
const TOP = 10;
/** After its day, a day's visitor count waits this long for the rollup, then Redis drops it. */
const VISITORS_KEPT_AFTER_DAY_S = 2 * 24 * 3600;
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const nextMidnightS = (day: string) => Math.floor((Date.parse(`${day}T00:00:00Z`) + DAY_MS) / 1000);
const saltKey = (day: string) => `insights:salt:${day}`;
const visitorsKey = (day: string) => `insights:visitors:${day}`;

/** A browser's device class from its user agent. */
export function deviceOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobi)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
export const isRobot = (userAgent: string) => /bot|crawl|spider|slurp|facebookexternalhit|preview/i.test(userAgent);

/** The host a referrer names, without `www.`; undefined for none or an unreadable one. */
function referrerHost(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    const { hostname, protocol } = new URL(referrer);
    return /^https?:$/.test(protocol) && hostname ? hostname.replace(/^www\./, '') : undefined;
  } catch {
    return undefined;
  }
}

/** The salts this process has read, by day (a salt never changes within its day). */
const knownSalts = new Map<string, string>();

/**
 * The day's salt: random, made by the first beacon of the day (whichever replica takes it), and
 * deleted by Redis when the day ends, so a visitor's hash cannot be made again from the next day
 * on; this process forgets the days before.
 */
async function saltOf(redis: Redis, day: string): Promise<string> {
  const known = knownSalts.get(day);
  if (known) return known;
  const fresh = randomBytes(32).toString('base64url');
  const set = await redis.set(saltKey(day), fresh, 'EXAT', nextMidnightS(day), 'NX');
  const salt = set ? fresh : ((await redis.get(saltKey(day))) ?? fresh);
  knownSalts.clear();
  knownSalts.set(day, salt);
  return salt;
}

/** How long counted events wait in memory to be stored together, and how many at most. */
const FLUSH_AFTER_MS = 500;
const FLUSH_AT_EVENTS = 1000;

/**
 * Counts beacons: each event becomes a raw row without address or hash, and each page view's
 * visitor a salted hash of the address and user agent for the day's unique visitors (added to a
 * HyperLogLog sketch: the hash itself is not kept). Rows and hashes wait in memory for half a
 * second and are stored together, so a beacon costs no database round trip of its own; a process
 * killed in that half second loses its share of counts, never anything else.
 */
export function createBeaconRecorder(redis: Redis, logger: Logger) {
  let rows: object[] = [];
  let visitors = new Map<string, Set<string>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The store in progress: a flush waits for it, so what was counted before the flush is stored when it returns. */
  let storing: Promise<void> = Promise.resolve();
  function flush(): Promise<void> {
    const next = storing.catch(() => {}).then(store);
    storing = next;
    return next;
  }

  async function store() {
    clearTimeout(timer);
    timer = undefined;
    const [batch, seen] = [rows, visitors];
    rows = [];
    visitors = new Map();
    if (batch.length) await InsightEventModel.collection.insertMany(batch, { ordered: false });
    for (const [day, hashes] of seen)
      await redis
        .multi()
        .pfadd(visitorsKey(day), ...hashes)
        .expireat(visitorsKey(day), nextMidnightS(day) + VISITORS_KEPT_AFTER_DAY_S)
        .exec();
  }
  const flushLogged = () => void flush().catch((err: unknown) => logger.warn({ err }, 'insight events not stored'));

  async function record(beacon: Beacon, visitor: { address: string; userAgent: string }, now = new Date()) {
    const day = dayOf(now);
    const device = deviceOf(visitor.userAgent);
    if (beacon.events.some((e) => e.type === 'pageview')) {
      const salt = await saltOf(redis, day);
      const hash = createHash('sha256').update(`${salt}\n${visitor.address}\n${visitor.userAgent}`).digest('base64url');
      visitors.set(day, (visitors.get(day) ?? new Set()).add(hash));
    }
    for (const e of beacon.events)
      rows.push(
        e.type === 'pageview'
          ? {
              at: now,
              day,
              type: e.type,
              path: e.path,
              source: e.utm?.source ?? referrerHost(e.referrer),
              utmMedium: e.utm?.medium,
              utmCampaign: e.utm?.campaign,
              device,
            }
          : { at: now, day, type: e.type, path: e.path, post: e.post ?? postSlugOfPath(e.path), device },
      );
    if (rows.length >= FLUSH_AT_EVENTS) flushLogged();
    else timer ??= setTimeout(flushLogged, FLUSH_AFTER_MS);
  }
  return { record, flush };
}
export type BeaconRecorder = ReturnType<typeof createBeaconRecorder>;

/**
 * A completed purchase, from the site's own records (never from a browser), counted for the post
 * the buyer read last before the checkout.
 */
export async function recordPurchase(purchaseId: string, at: Date, post?: string) {
  await InsightEventModel.collection.updateOne(
    { purchaseId },
    { $setOnInsert: { at, day: dayOf(at), type: 'purchase_completed', purchaseId, ...(post ? { post } : {}) } },
    { upsert: true },
  );
}

interface Counted {
  key: string;
  count: number;
}
interface DayFigures {
  _id: string;
  visitors: number;
  views: number;
  pages: Counted[];
  posts: Counted[];
  sources: Counted[];
  devices: Counted[];
  conversions: Counted[];
  postConversions: Counted[];
}

/** A day's raw events grouped by everything the figures count them by, and how many of each. */
interface EventGroup {
  _id: { type?: unknown; path?: unknown; post?: unknown; source?: unknown; device?: unknown };
  n: number;
}

/** Counts by key; a missing value counts under null, as MongoDB's $group counts it. */
class Tally extends Map<string | null, number> {
  add(key: unknown, n: number) {
    const k = key === undefined ? null : (key as string | null);
    this.set(k, (this.get(k) ?? 0) + n);
  }

  /** The first hundred, most counted first, ties by key (null first, then in code-unit order). */
  top(): Counted[] {
    const byKey = (a: string | null, b: string | null) =>
      a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
    return [...this]
      .sort(([ka, a], [kb, b]) => b - a || byKey(ka, kb))
      .slice(0, 100)
      .map(([key, count]) => ({ key: key as string, count }));
  }
}

/**
 * A day's figures from its raw events (and its visitors from Redis, while it has them). One pass
 * over the day's events, grouped by the fields counted, which the index on (day, type, path,
 * source, device, post) answers without reading an event; the counts per page, post, source,
 * device and conversion are then summed here from those few groups.
 */
async function figuresOf(redis: Redis, day: string): Promise<DayFigures> {
  const groups = await InsightEventModel.aggregate<EventGroup>([
    { $match: { day } },
    {
      $group: {
        _id: { type: '$type', path: '$path', post: '$post', source: '$source', device: '$device' },
        n: { $sum: 1 },
      },
    },
  ]);
  let views = 0;
  const [pages, posts, sources, devices, conversions, postConversions] = Array.from({ length: 6 }, () => new Tally());
  for (const { _id: group, n } of groups) {
    if (group.type === 'pageview') {
      views += n;
      pages.add(group.path, n);
      if (typeof group.path === 'string' && BLOG_POST_PATH.test(group.path)) posts.add(group.path, n);
      if (typeof group.source === 'string') sources.add(group.source, n);
      devices.add(group.device, n);
    } else {
      conversions.add(group.type, n);
      if (typeof group.post === 'string')
        postConversions.add(typeof group.type === 'string' ? `${group.post} ${group.type}` : null, n);
    }
  }
  return {
    _id: day,
    visitors: await redis.pfcount(visitorsKey(day)),
    views,
    pages: pages.top(),
    posts: posts.top().map((p) => ({ key: postSlugOfPath(p.key)!, count: p.count })),
    sources: sources.top(),
    devices: devices.top(),
    conversions: conversions.top(),
    postConversions: postConversions.top(),
  };
}

/** Stores a finished day's figures for good (again: the same figures). */
export async function rollUpDay(redis: Redis, day: string): Promise<DayFigures> {
  const figures = await figuresOf(redis, day);
  await InsightDayModel.replaceOne({ _id: day }, figures, { upsert: true });
  return figures;
}

/** Rolls up those of `days` (finished, without stored figures) that have raw events; a day without any has nothing to keep. */
async function rollUpDaysWithEvents(redis: Redis, days: string[]): Promise<DayFigures[]> {
  if (days.length === 0) return [];
  const withEvents = (await InsightEventModel.distinct('day', { day: mongoose.trusted({ $in: days }) })) as string[];
  const rolled: DayFigures[] = [];
  for (const day of withEvents) rolled.push(await rollUpDay(redis, day));
  return rolled;
}

/** Rolls up every finished day of the raw events' window that has no stored figures yet. */
export async function rollUpFinishedDays(redis: Redis, now = new Date()) {
  const days = Array.from({ length: RAW_EVENTS_DAYS }, (_, i) => dayOf(new Date(now.getTime() - (i + 1) * DAY_MS)));
  const stored = new Set(
    (await InsightDayModel.find({ _id: mongoose.trusted({ $in: days }) }, { _id: 1 }).lean()).map((d) => d._id),
  );
  return (
    await rollUpDaysWithEvents(
      redis,
      days.filter((d) => !stored.has(d)),
    )
  ).length;
}

function merge(lists: Counted[][], limit = TOP): Counted[] {
  const totals = new Map<string, number>();
  for (const list of lists) for (const { key, count } of list) totals.set(key, (totals.get(key) ?? 0) + count);
  return [...totals]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, limit);
}

export async function insightsSettings(): Promise<{ weeklyEmail: boolean }> {
  const stored = await InsightSettingsModel.findById('insights').lean();
  return { weeklyEmail: stored?.weeklyEmail ?? true };
}
export async function saveInsightsSettings(settings: { weeklyEmail: boolean }) {
  await InsightSettingsModel.updateOne({ _id: 'insights' }, { $set: settings }, { upsert: true });
}

/**
 * The coach's figures over the `days` UTC days up to `end` (today by default): finished days from
 * their stored figures (a day the rollup missed is rolled up now), today from its raw events.
 */
export async function insightsFor(redis: Redis, days: number, end = new Date()): Promise<Insights> {
  const today = dayOf(new Date());
  const range = Array.from({ length: days }, (_, i) => dayOf(new Date(end.getTime() - (days - 1 - i) * DAY_MS)));
  const finished = range.filter((d) => d < today);
  const [stored, live, settings] = await Promise.all([
    InsightDayModel.find({ _id: mongoose.trusted({ $in: finished }) }).lean<DayFigures[]>(),
    range.includes(today) ? figuresOf(redis, today) : undefined,
    insightsSettings(),
  ]);
  const byDay = new Map(stored.map((d) => [d._id, d]));
  const unstored = finished.filter((d) => !byDay.has(d));
  for (const rolled of await rollUpDaysWithEvents(redis, unstored)) byDay.set(rolled._id, rolled);
  if (live) byDay.set(today, live);
  const figures = range.flatMap((d) => byDay.get(d) ?? []);

  const conversions = Object.fromEntries(CONVERSIONS.map((c) => [c, 0]));
  for (const { key, count } of merge(
    figures.map((f) => f.conversions),
    Infinity,
  ))
    conversions[key] = count;
  const perPost = new Map<string, Record<string, number>>();
  for (const { key, count } of merge(
    figures.map((f) => f.postConversions),
    Infinity,
  )) {
    const [post, conversion] = key.split(' ');
    perPost.set(post, { ...perPost.get(post), [conversion]: count });
  }
  const daily = range.map((day) => ({
    day,
    visitors: byDay.get(day)?.visitors ?? 0,
    views: byDay.get(day)?.views ?? 0,
  }));
  return {
    days,
    totals: daily.reduce((t, d) => ({ visitors: t.visitors + d.visitors, views: t.views + d.views }), {
      visitors: 0,
      views: 0,
    }),
    daily,
    topPages: merge(figures.map((f) => f.pages)),
    topPosts: merge(figures.map((f) => f.posts)),
    sources: merge(figures.map((f) => f.sources)),
    devices: merge(figures.map((f) => f.devices)),
    conversions,
    conversionsByPost: [...perPost]
      .map(([post, counts]) => ({ post, conversions: counts }))
      .sort((a, b) => sum(b.conversions) - sum(a.conversions) || a.post.localeCompare(b.post))
      .slice(0, TOP),
    weeklyEmail: settings.weeklyEmail,
  };
}
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
