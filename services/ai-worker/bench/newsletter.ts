// The newsletter's delivery figure: 10,000 confirmed subscribers are sent a post through the
// real path (blog.post_published -> content's fan-out in batch jobs -> ai-worker's pooled SMTP
// sends, each recorded in MongoDB) to the local test SMTP server. Two runs: one undisturbed, and
// one where ai-worker is killed (SIGKILL) a third of the way through and started again. The SMTP
// server's count per address says whether any e-mail came twice or never came.
import { createEventPublisher, createLogger, createQueues, createRedis } from '@coach/kit';
import { storeConfirmedSubscribers, type Stack, type TestSmtp } from '@coach/dev-stack';
import mongoose from 'mongoose';

const SUBSCRIBERS = 10_000;
/** Target: e-mails handed to the SMTP server per second, undisturbed. */
export const NEWSLETTER_TARGET_PER_SECOND = 500;

export interface NewsletterFigures {
  run: string;
  'e-mails': number;
  seconds: number;
  'e-mails/s': number;
  twice: number;
  /**
   * Addresses sent two different messages. A message sent again after a worker's death carries
   * its first Message-ID, by which mail services that deduplicate show it once.
   */
  'twice, new Message-ID': number;
  lost: number;
}

/** The undisturbed run's figures, then those of the run whose worker was killed. */
export async function benchNewsletter(
  stack: Stack,
  smtp: TestSmtp,
): Promise<[undisturbed: NewsletterFigures, killed: NewsletterFigures]> {
  const db = await mongoose.createConnection(stack.env.content.MONGO_URL).asPromise();
  const logger = createLogger('bench-newsletter', 'silent');
  const redis = createRedis(stack.redisUrl, logger, 'queues');
  const queues = createQueues(redis, logger);
  const publish = createEventPublisher(queues);
  const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `bench-reader-${i}@example.org`);
  await storeConfirmedSubscribers(db, emails);

  async function run(name: string, killAt?: number): Promise<NewsletterFigures> {
    smtp.received.length = 0;
    const postId = new mongoose.Types.ObjectId().toString();
    const started = Date.now();
    await publish(
      'blog.post_published',
      {
        postId,
        slug: `bench-${postId}`,
        title: 'A reflection for everyone',
        excerpt: 'On patience.',
        sendToSubscribers: true,
      },
      postId,
    );
    let killed = killAt === undefined;
    const reached = new Set<string>();
    let counted = 0;
    // Timed until every address has its e-mail (or two minutes pass).
    while (reached.size < SUBSCRIBERS && Date.now() - started < 120_000) {
      for (; counted < smtp.received.length; counted += 1) smtp.received[counted].to.forEach((to) => reached.add(to));
      if (!killed && smtp.received.length >= killAt!) {
        killed = true;
        await stack.stopService('ai-worker', 'SIGKILL');
        await stack.startService('ai-worker');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (Date.now() - started) / 1000;
    // A late duplicate still counts: the server is watched two more seconds.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const perAddress = new Map<string, number>();
    const messageIds = new Map<string, Set<string>>();
    for (const mail of smtp.received)
      for (const to of mail.to) {
        perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
        const id = /^Message-ID: (.*)$/im.exec(mail.raw)?.[1] ?? '';
        messageIds.set(to, (messageIds.get(to) ?? new Set()).add(id));
      }
    const twice = [...perAddress.values()].filter((n) => n > 1).length;
    return {
      run: name,
      'e-mails': smtp.received.length,
      seconds: Number(seconds.toFixed(2)),
      'e-mails/s': Math.round(reached.size / seconds),
      twice,
      'twice, new Message-ID': [...messageIds.values()].filter((ids) => ids.size > 1).length,
      lost: emails.filter((email) => !perAddress.has(email)).length,
    };
  }

  try {
    return [
      await run(`${SUBSCRIBERS} subscribers`),
      await run(
        `${SUBSCRIBERS} subscribers, ai-worker killed after ${Math.round(SUBSCRIBERS / 3)} and restarted`,
        Math.round(SUBSCRIBERS / 3),
      ),
    ];
  } finally {
    await queues.close();
    await redis.quit();
    await db.close();
  }
}
