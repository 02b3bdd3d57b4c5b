import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p99 } from '../../bench/percentile.ts';
import { startFailoverSite, type FailoverSite } from './failover-site.ts';
import { startLoad, type Attempt, type Load } from './load.ts';
import { drain, figuresOf, sleep, type FaultFigures } from './verify.ts';

// The failover suite: the site as three hosts run it (MongoDB's replica set, Redis with
// Sentinels, two of each service) under a steady load of writes (contact messages, newsletter
// sign-ups and their confirmations, likes, Circle posts), one fault at a time, and what
// it cost counted from the database, the queues and the SMTP server. `npm test` runs its short
// form (the primary killed); `npm run chaos -- failover` every fault.
const FULL = process.env.CHAOS === 'full';
const REPLICAS = 2;

interface Fault {
  name: string;
  /** Breaks the part, and answers how to bring it back. */
  inject(site: FailoverSite): Promise<() => Promise<void>>;
  /** How long the part stays away. */
  awayMs: number;
  /** Arranges the site before the fault's window opens. */
  prepare?(site: FailoverSite): Promise<void>;
}

const FAULTS: Fault[] = [
  {
    name: 'mongod primary: kill',
    // The short form brings it back once the election is over.
    awayMs: FULL ? 15_000 : 10_000,
    async inject(site) {
      const primary = await site.mongo.waitForPrimary();
      await site.mongo.kill(primary);
      return () => site.mongo.start(primary);
    },
  },
  ...(FULL
    ? [
        {
          name: 'mongod primary: step down',
          awayMs: 12_000,
          async inject(site: FailoverSite) {
            await site.mongo.stepDown(await site.mongo.waitForPrimary());
            return async () => {};
          },
        },
        {
          name: 'redis master: kill',
          awayMs: 10_000,
          async inject(site: FailoverSite) {
            const master = (await site.redis.masterIndex())!;
            await site.redis.kill(master);
            return () => site.redis.restart(master);
          },
        },
        {
          // The host of Redis's master, with MongoDB's primary moved onto it first: both die together.
          name: 'host (mongod, redis, sentinel, a replica of each service): kill',
          awayMs: 15_000,
          async prepare(site: FailoverSite) {
            await site.mongo.makePrimary((await site.redis.masterIndex())!);
          },
          async inject(site: FailoverSite) {
            const host = (await site.redis.masterIndex())!;
            console.log(
              `Host ${host + 1} killed: MongoDB's ${host === (await site.mongo.primary()) ? 'primary' : 'secondary'}, Redis's master`,
            );
            await site.killHost(host);
            return () => site.restartHost(host);
          },
        },
      ]
    : []),
];

let site: FailoverSite;
let load: Load;
const window = new Map<string, { injectedAt: number; restoredAt: number; endedAt: number; firstMailAfter?: number }>();
/** When the SMTP server's count of accepted e-mails last grew, sampled every 100 ms. */
const mailsAt: { at: number; count: number }[] = [];
let sampler: NodeJS.Timeout | undefined;
let figures: FaultFigures[] = [];
let drained: Awaited<ReturnType<typeof drain>> | undefined;

const CONFIRM_LINK = /\/newsletter\/confirm\?token=([\w-]+)/;

beforeAll(async () => {
  const started = Date.now();
  site = await startFailoverSite(REPLICAS);
  console.log(
    `The site on three "hosts" with ${REPLICAS} of each service started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  sampler = setInterval(() => {
    const count = site.smtp.received.length;
    if (mailsAt.at(-1)?.count === count) return;
    // Each new subscriber follows the link of her confirmation e-mail.
    for (const mail of site.smtp.received.slice(mailsAt.at(-1)?.count ?? 0)) {
      const token = CONFIRM_LINK.exec(mail.text)?.[1];
      if (token && load) load.confirm(mail.to[0]!, token);
    }
    mailsAt.push({ at: Date.now(), count });
  }, 100);
  load = startLoad(site.stack.gatewayUrl, { perSecond: FULL ? 30 : 20 });
  await sleep(2000);
}, 180_000);

afterAll(async () => {
  clearInterval(sampler);
  await load?.stop().catch(() => {});
  await site?.stop();
});

const isWrite = (a: Attempt) => ['contact', 'newsletter', 'like', 'community', 'confirm'].includes(a.op);

/** The longest time within [from, to] between two of `times` (or a bound), in seconds. */
function longestGapS(times: number[], from: number, to: number) {
  const marks = [from, ...times.filter((t) => t >= from && t <= to).sort((x, y) => x - y), to];
  return Math.max(...marks.slice(1).map((mark, i) => mark - marks[i]!)) / 1000;
}

/** The longest time within [from, to] in which no write was answered as stored. */
const secondsWithoutWrites = (attempts: Attempt[], from: number, to: number) =>
  longestGapS(
    attempts.filter((a) => isWrite(a) && a.ok).map((a) => a.endedAt),
    from,
    to,
  );

describe(`the site on three hosts under faults, ${FULL ? 'every fault' : 'its primary killed'}`, () => {
  for (const fault of FAULTS) {
    it(`${fault.name}: writes are answered again, never with a 500`, async () => {
      if (fault.prepare) {
        load.setWindow(`preparing ${fault.name}`);
        await fault.prepare(site);
        await sleep(3000);
      }
      load.setWindow(fault.name);
      await load.settled();
      const injectedAt = Date.now();
      const restore = await fault.inject(site);
      await sleep(fault.awayMs);
      await restore();
      const restoredAt = Date.now();
      await sleep(3000);
      window.set(fault.name, { injectedAt, restoredAt, endedAt: Date.now() });
      const mine = load.attempts.filter((a) => a.window === fault.name);
      expect(mine.filter((a) => a.status === 500)).toEqual([]);
      expect(mine.some((a) => isWrite(a) && a.ok && a.endedAt > restoredAt)).toBe(true);
    }, 120_000);
  }

  it('after the load: every write is acknowledged, every queued job done, every e-mail in', async () => {
    clearInterval(sampler);
    load.setWindow('after');
    await load.stop();
    const answersOf = (key: string) => load.attempts.filter((a) => a.key === key).map((a) => a.status || a.error);
    expect(
      load.writes
        .filter((w) => !w.ackedAt)
        .map((w) => `${w.kind} ${w.key} (${w.window}): ${answersOf(w.key).join(' ')}`),
    ).toEqual([]);
    const { stored, jobs } = await drain(site.mongo.url, site.redis.target, load.writes, site.smtp.received);
    drained = { stored, jobs };
    figures = [
      figuresOf('steady', load.attempts, load.writes, stored, site.smtp.received, undefined),
      ...FAULTS.flatMap((f) => [
        ...(f.prepare
          ? [figuresOf(`preparing ${f.name}`, load.attempts, load.writes, stored, site.smtp.received, undefined)]
          : []),
        figuresOf(f.name, load.attempts, load.writes, stored, site.smtp.received, window.get(f.name)?.restoredAt),
      ]),
    ];
    printFigures();
    expect({ unfinished: jobs.unfinished, failed: jobs.failed, left: jobs.left }).toEqual({
      unfinished: 0,
      failed: 0,
      left: {},
    });
  }, 330_000);

  it('no acknowledged write is lost, none is stored twice, every e-mail owed is sent once', () => {
    expect(drained).toBeDefined();
    expect(figures.filter((f) => f.lost > 0).map((f) => `${f.fault}: ${f.lost} lost`)).toEqual([]);
    expect(figures.filter((f) => f.duplicated > 0).map((f) => `${f.fault}: ${f.duplicated} duplicated`)).toEqual([]);
    expect(
      figures.filter((f) => f.emails.split('/')[0] !== f.emails.split('/')[1]).map((f) => `${f.fault}: ${f.emails}`),
    ).toEqual([]);
  });

  it('no 15 s without writes in any fault, no 10 s without e-mails in a Redis fault', () => {
    for (const fault of FAULTS) {
      const w = window.get(fault.name)!;
      expect(secondsWithoutWrites(load.attempts, w.injectedAt, w.endedAt), fault.name).toBeLessThan(15);
      if (fault.name.startsWith('redis') || fault.name.startsWith('host')) {
        expect(secondsWithoutMail(w.injectedAt, w.endedAt), fault.name).toBeLessThan(10);
      }
    }
  });
});

/** The longest time within [from, to] in which the SMTP server accepted no e-mail. */
const secondsWithoutMail = (from: number, to: number) =>
  longestGapS(
    mailsAt.map((m) => m.at),
    from,
    to,
  );

function printFigures() {
  console.log(
    `\nFailover figures (3 mongod, Redis master + replica + 3 Sentinels, ${REPLICAS} of each service; ${load.attempts.length} requests)`,
  );
  console.table(
    figures.map((f) => {
      const w = window.get(f.fault);
      const mine = load.attempts.filter((a) => a.window === f.fault);
      return {
        fault: f.fault,
        'requests during': f.requests,
        's without writes': w ? secondsWithoutWrites(load.attempts, w.injectedAt, w.endedAt) : '-',
        'writes acked': f.acknowledged,
        'lost (0)': f.lost,
        'duplicated (0)': f.duplicated,
        '5xx': mine.filter((a) => a.status >= 500).length,
        '500 (0)': mine.filter((a) => a.status === 500).length,
        'p99 ms': p99(mine.map((a) => a.endedAt - a.startedAt)),
        'e-mails sent/owed': f.emails,
        's without e-mails': w ? secondsWithoutMail(w.injectedAt, w.endedAt) : '-',
      };
    }),
  );
  for (const f of figures) if (f.notOnce.length > 0) console.log(`${f.fault}, not once: ${f.notOnce.join('; ')}`);
  for (const f of figures) if (f.failures) console.log(`${f.fault}, failed requests: ${f.failures}`);
}
