import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoad, type Load } from './load.ts';
import { partName, startChaosSite, type ChaosSite, type Part } from './site.ts';
import { drain, figuresOf, runScheduledDailyPost, sleep, storedRows, until, type FaultFigures } from './verify.ts';

// The fault-injection suite: two of each back-end service under a steady mixed load, one part
// killed (SIGKILL) or frozen (SIGSTOP) at a time, and what it cost counted from the database,
// the queues and the SMTP server. `npm test` runs the replica faults; `npm run chaos`
// (CHAOS=full) adds MongoDB, Redis, the gateway and frozen infrastructure.
const FULL = process.env.CHAOS === 'full';
const REPLICAS = 2;

interface Fault {
  part: Part;
  how: 'kill' | 'freeze' | 'kill mid-job';
  /** How long the part stays away. */
  awayMs: number;
}

const service = (name: 'content' | 'members' | 'ai-worker' | 'gateway', replica = 0): Part => ({
  kind: 'service',
  service: name,
  replica,
});
const FAULTS: Fault[] = [
  { part: service('content', 0), how: 'kill', awayMs: 3000 },
  { part: service('members', 1), how: 'kill', awayMs: 3000 },
  { part: service('ai-worker', 0), how: 'kill mid-job', awayMs: 3000 },
  // Past the gateway's 1 s probe: the frozen replica is skipped, and its requests finish on thaw.
  { part: service('content', 1), how: 'freeze', awayMs: 4000 },
  ...(FULL
    ? ([
        { part: { kind: 'mongod' }, how: 'kill', awayMs: 5000 },
        { part: { kind: 'redis-server' }, how: 'kill', awayMs: 5000 },
        { part: service('ai-worker', 1), how: 'kill', awayMs: 3000 },
        { part: service('members', 0), how: 'kill', awayMs: 3000 },
        { part: service('gateway'), how: 'kill', awayMs: 3000 },
        // Past the services' few-second limit on a dependency that does not answer.
        { part: { kind: 'mongod' }, how: 'freeze', awayMs: 8000 },
        { part: { kind: 'redis-server' }, how: 'freeze', awayMs: 8000 },
      ] satisfies Fault[])
    : []),
];
const faultName = (fault: Fault) => `${partName(fault.part)}: ${fault.how}`;

let site: ChaosSite;
let load: Load;
const restoredAt = new Map<string, number>();
const awayFrom = new Map<string, number>();
let figures: FaultFigures[] = [];
let likesBefore = 0;
let drained: Awaited<ReturnType<typeof drain>> | undefined;

beforeAll(async () => {
  const started = Date.now();
  site = await startChaosSite(REPLICAS);
  console.log(`The site with ${REPLICAS} of each service started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  likesBefore = (await storedRows(site.mongoUrl)).likes;
  load = startLoad(site.stack.gatewayUrl, { perSecond: 40 });
  await sleep(2000);
}, 180_000);

afterAll(async () => {
  await load?.stop().catch(() => {});
  await site?.stop();
});

describe(`the site under faults, ${REPLICAS} of each service, ${FULL ? 'every part' : 'replicas'}`, () => {
  for (const fault of FAULTS) {
    const name = faultName(fault);
    it(`${name}: the site keeps answering and comes back`, async () => {
      load.setWindow(name);
      await load.settled();
      if (fault.how === 'kill mid-job') {
        // Hold the e-mails' final answer, so the worker dies with jobs in its hands.
        const release = site.smtp.hold();
        expect(await until(() => site.smtp.connections() > 0, 15_000)).toBe(true);
        awayFrom.set(name, Date.now());
        await site.kill(fault.part);
        release();
      } else if (fault.how === 'kill') {
        awayFrom.set(name, Date.now());
        await site.kill(fault.part);
      } else {
        awayFrom.set(name, Date.now());
        site.signal(fault.part, 'SIGSTOP');
      }
      await sleep(fault.awayMs);
      if (fault.how === 'freeze') site.signal(fault.part, 'SIGCONT');
      else await site.restart(fault.part);
      restoredAt.set(name, Date.now());
      await sleep(2000);

      // With a replica away, requests keep being answered by the other: a second after the
      // fault (the gateway's probe), no read fails until the replica is back.
      if (fault.part.kind === 'service' && fault.part.service !== 'gateway') {
        const steadyFrom = awayFrom.get(name)! + 1500;
        const reads = load.attempts.filter(
          (a) =>
            a.window === name &&
            a.op === 'read' &&
            a.startedAt >= steadyFrom &&
            a.endedAt > 0 &&
            a.endedAt <= restoredAt.get(name)!,
        );
        expect(reads.length).toBeGreaterThan(0);
        expect(
          reads.filter((a) => !a.ok).map((a) => `${a.status || a.error} after ${a.startedAt - awayFrom.get(name)!} ms`),
        ).toEqual([]);
      }
      // Back: a read through the gateway answers.
      expect((await fetch(`${site.stack.gatewayUrl}/api/site-stats?fresh=back`)).status).toBe(200);
    }, 90_000);
  }

  it('the daily post is generated exactly once with every worker replica scheduling it', async () => {
    const daily = await runScheduledDailyPost(site.redisUrl, site.mongoUrl);
    expect(daily).toEqual({ schedulers: 1, scheduledRuns: 1, newPosts: 1 });
  }, 60_000);

  it('after the load: every write is acknowledged, every queued job done, every e-mail in', async () => {
    load.setWindow('after');
    await load.stop();
    expect(load.writes.filter((w) => !w.ackedAt).map((w) => `${w.kind} ${w.key} (${w.window})`)).toEqual([]);
    const { stored, jobs } = await drain(site.mongoUrl, site.redisUrl, load.writes, site.smtp.received);
    drained = { stored, jobs };
    figures = [
      figuresOf('steady', load.attempts, load.writes, stored, site.smtp.received, undefined),
      ...FAULTS.map((f) =>
        figuresOf(faultName(f), load.attempts, load.writes, stored, site.smtp.received, restoredAt.get(faultName(f))),
      ),
    ];
    printFigures();
    expect({ unfinished: jobs.unfinished, failed: jobs.failed, left: jobs.left }).toEqual({
      unfinished: 0,
      failed: 0,
      left: {},
    });
  }, 330_000);

  it('no acknowledged write is lost and none is stored twice', () => {
    expect(drained).toBeDefined();
    expect(figures.filter((f) => f.lost > 0).map((f) => `${f.fault}: ${f.lost} lost`)).toEqual([]);
    expect(figures.filter((f) => f.duplicated > 0).map((f) => `${f.fault}: ${f.duplicated} duplicated`)).toEqual([]);
    // Likes are one counter: it went up once per like sent.
    const likes = load.writes.filter((w) => w.kind === 'like');
    expect(drained!.stored.likes - likesBefore).toBe(likes.length);
  });

  it('every e-mail owed is sent exactly once', () => {
    expect(
      figures.filter((f) => f.emails.split('/')[0] !== f.emails.split('/')[1]).map((f) => `${f.fault}: ${f.emails}`),
    ).toEqual([]);
  });

  it('every error answer is clean: JSON with a message, an outage status, no stack trace', () => {
    const unclean = load.attempts.filter((a) => a.unclean).map((a) => `${a.window} ${a.op}: ${a.unclean}`);
    expect([...new Set(unclean)]).toEqual([]);
  });
});

function printFigures() {
  console.log(
    `\nFault-injection figures (${REPLICAS} of each back-end service, ${load.attempts.length} requests in all)`,
  );
  console.table(
    figures.map((f) => ({
      fault: f.fault,
      'requests during': f.requests,
      failed: f.failed,
      'failed: what came back': f.failures,
      'unclean errors': f.unclean,
      'writes acked': f.acknowledged,
      'lost (0)': f.lost,
      'duplicated (0)': f.duplicated,
      'e-mails sent once': f.emails,
      'recovery s': f.recoverySeconds,
    })),
  );
  for (const f of figures) if (f.notOnce.length > 0) console.log(`${f.fault}, not once: ${f.notOnce.join('; ')}`);
  const jobs = drained?.jobs;
  console.log(`Queued jobs left: ${jobs?.unfinished} ${JSON.stringify(jobs?.left)}, failed for good: ${jobs?.failed}`);
  if (jobs && Object.keys(jobs.unconsumed).length > 0)
    console.log(`Queues that no service consumes: ${JSON.stringify(jobs.unconsumed)}`);
}
