import { DAILY_POST_SCHEDULER_ID, QUEUES, type QueueName } from '@coach/contracts';
import { createLogger, createQueues, createRedis, type RedisTarget } from '@coach/kit';
import { databaseUrl, type Received } from '@coach/dev-stack';
import mongoose from 'mongoose';
import type { Attempt, Write } from './load.ts';
import { COACH_EMAIL } from './site.ts';

/** The suite's own Redis connections and queues log nothing. */
const logger = createLogger('chaos-suite', 'silent');

/** What the site really holds, read from MongoDB: how many rows each write left. */
export async function storedRows(mongoUrl: string) {
  const content = await mongoose.createConnection(databaseUrl(mongoUrl, 'coach-content')).asPromise();
  const members = await mongoose.createConnection(databaseUrl(mongoUrl, 'coach-members')).asPromise();
  try {
    const rows = new Map<string, number>();
    const tally = (marker: string) => rows.set(marker, (rows.get(marker) ?? 0) + 1);
    const suite = /@chaos\.example$/;
    for (const row of await content.collection('contact_messages').find({ email: suite }).toArray())
      tally(`contact:${row.email}`);
    for (const row of await content.collection('newsletter_subscribers').find({ email: suite }).toArray()) {
      tally(`newsletter:${row.email}`);
      if (row.confirmedAt) tally(`confirm:${row.email}`);
    }
    for (const row of await members
      .collection('community_posts')
      .find({ content: /^A reflection from the fault suite/ })
      .toArray())
      tally(`community:${row.content}`);
    for (const row of await members.collection('users').find({ email: suite }).toArray()) tally(`signup:${row.email}`);
    const stats = await content.collection('site_stats').findOne({});
    const dailyPosts = await content.collection('blog_posts').countDocuments({ generationId: /^daily-/ });
    // Stored rows whose event the outbox has not queued yet (an outage kept it; the sweep will).
    const eventsPending =
      (await content.collection('contact_messages').countDocuments({ eventPending: true })) +
      (await content.collection('newsletter_subscribers').countDocuments({ eventPending: true }));
    return { rows, likes: Number(stats?.likeCount ?? 0), dailyPosts, eventsPending };
  } finally {
    await content.close();
    await members.close();
  }
}
export type StoredRows = Awaited<ReturnType<typeof storedRows>>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks every 250 ms until `check` holds (true) or `timeoutMs` has passed (false). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(250)) if (await check()) return true;
  return false;
}

/**
 * Once the load has stopped: waits until the outbox has queued the events an outage left pending
 * (a row is swept once 30 s old, by a sweep each minute) and every queued job is done, 120 s at
 * most, then until the SMTP server holds every e-mail the writes owe, 30 s at most, and a second
 * more for a duplicate to arrive. Answers what MongoDB holds and the jobs left.
 */
export async function drain(mongoUrl: string, redis: RedisTarget | string, writes: Write[], mails: Received[]) {
  let jobs = await unfinishedJobs(redis);
  await until(
    async () =>
      (await storedRows(mongoUrl)).eventsPending === 0 && (jobs = await unfinishedJobs(redis)).unfinished === 0,
    120_000,
  );
  const owed = writes.reduce((sum, write) => sum + emailsOwed(write).length, 0);
  await until(() => mails.length >= owed, 30_000);
  await sleep(1000);
  return { stored: await storedRows(mongoUrl), jobs };
}

/** The e-mails each write owes: contact: the coach's notification and the sender's acknowledgement; newsletter: the confirmation link. */
export function emailsOwed(write: Write): Array<(mail: Received) => boolean> {
  if (write.kind === 'contact')
    return [
      (mail) => mail.to.includes(COACH_EMAIL) && mail.text.includes(write.marker),
      (mail) => mail.to.includes(write.marker),
    ];
  if (write.kind === 'newsletter') return [(mail) => mail.to.includes(write.marker)];
  return [];
}

/**
 * Jobs not finished in any queue that has a consumer (the daily schedule's next run aside), jobs
 * that failed for good, and queues holding jobs that no running service consumes.
 */
export async function unfinishedJobs(redisUrl: RedisTarget | string) {
  const connection = createRedis(redisUrl, logger, 'queues');
  const queues = createQueues(connection, logger);
  try {
    let unfinished = 0;
    let failed = 0;
    const left: Record<string, Record<string, number>> = {};
    const unconsumed: Record<string, Record<string, number>> = {};
    for (const name of Object.values(QUEUES) as QueueName[]) {
      const counts = await queues
        .get(name)
        .getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed');
      // A job scheduler (the daily post, the weekly digest) keeps its next run delayed: not work left.
      const scheduled = await queues.get(name).getJobSchedulersCount();
      const notZero = Object.entries(counts).filter(([state, n]) => n > 0 && !(state === 'delayed' && n === scheduled));
      if ((await queues.get(name).getWorkersCount()) === 0) {
        if (notZero.length > 0) unconsumed[name] = Object.fromEntries(notZero);
        continue;
      }
      if (notZero.length > 0) left[name] = Object.fromEntries(notZero);
      unfinished +=
        counts.waiting! +
        counts.active! +
        counts.prioritized! +
        counts['waiting-children']! +
        Math.max(0, counts.delayed! - scheduled);
      failed += counts.failed!;
    }
    return { unfinished, failed, left, unconsumed };
  } finally {
    await queues.close();
    await connection.quit();
  }
}

/**
 * The daily schedule with every worker replica started (and one restarted): exactly one
 * scheduler and one scheduled run waiting. The run is brought forward to now, and the site
 * must end up with exactly one more daily post.
 */
export async function runScheduledDailyPost(redisUrl: RedisTarget | string, mongoUrl: string, timeoutMs = 30_000) {
  const connection = createRedis(redisUrl, logger, 'queues');
  const queues = createQueues(connection, logger);
  const queue = queues.get(QUEUES.dailyPost);
  try {
    const schedulers = (await queue.getJobSchedulers()).filter(
      (s) => s.key === DAILY_POST_SCHEDULER_ID || s.id === DAILY_POST_SCHEDULER_ID,
    );
    const waiting = (await queue.getDelayed()).filter((job) => job.name === 'scheduled');
    const before = (await storedRows(mongoUrl)).dailyPosts;
    await Promise.all(waiting.map((job) => job.promote()));
    let after = before;
    for (const started = Date.now(); Date.now() - started < timeoutMs && after === before;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = (await storedRows(mongoUrl)).dailyPosts;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000)); // a second run would land by now
    after = (await storedRows(mongoUrl)).dailyPosts;
    return { schedulers: schedulers.length, scheduledRuns: waiting.length, newPosts: after - before };
  } finally {
    await queues.close();
    await connection.quit();
  }
}

/** One row of the printed figures: a fault and what it cost. */
export interface FaultFigures {
  fault: string;
  requests: number;
  failed: number;
  /** The failed requests by what came back: status or connection error, and how many. */
  failures: string;
  unclean: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  emails: string;
  recoverySeconds: number;
  /** The writes behind `duplicated` and the e-mails not sent once: what to look for in the logs. */
  notOnce: string[];
}

/**
 * The figures of one fault window from what the database and the SMTP server hold. Recovery is
 * the time from the part's return until the last failed request of the window ended (0 when
 * nothing failed after it was back).
 */
export function figuresOf(
  fault: string,
  attempts: Attempt[],
  writes: Write[],
  stored: StoredRows,
  mails: Received[],
  restoredAt: number | undefined,
): FaultFigures {
  const mine = attempts.filter((a) => a.window === fault);
  const failures = mine.filter((a) => !a.ok);
  const lastFailure = Math.max(0, ...failures.map((a) => a.endedAt));
  let lost = 0;
  let duplicated = 0;
  let owed = 0;
  let sentOnce = 0;
  const notOnce: string[] = [];
  for (const write of writes.filter((w) => w.window === fault && w.kind !== 'like')) {
    const rows = stored.rows.get(`${write.kind}:${write.marker}`) ?? 0;
    if (write.ackedAt && rows === 0) lost += 1;
    if (rows > 1) {
      duplicated += rows - 1;
      notOnce.push(`${write.kind} ${write.key} stored ${rows} times`);
    }
    if (rows === 0) continue;
    emailsOwed(write).forEach((owedMail, nth) => {
      owed += 1;
      const copies = mails.filter(owedMail).length;
      if (copies === 1) sentOnce += 1;
      else notOnce.push(`${write.kind} ${write.key}: e-mail ${nth + 1} sent ${copies} times`);
      if (copies > 1) duplicated += copies - 1;
    });
  }
  return {
    fault,
    requests: mine.length,
    failed: failures.length,
    failures: tally(failures.map((a) => `${a.op} ${a.status || a.error}`)),
    unclean: mine.filter((a) => a.unclean).length,
    acknowledged: writes.filter((w) => w.window === fault && w.ackedAt).length,
    lost,
    duplicated,
    emails: `${sentOnce}/${owed}`,
    recoverySeconds: restoredAt && lastFailure > restoredAt ? Math.round((lastFailure - restoredAt) / 100) / 10 : 0,
    notOnce,
  };
}

function tally(items: string[]) {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, n]) => `${n}× ${item}`).join(', ');
}
