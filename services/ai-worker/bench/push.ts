// The push fan-out figure: 10,000 subscribed browsers are told of a new post through the real
// path (blog.post_published -> content's fan-out in batch jobs -> ai-worker's web-push requests,
// each recorded in MongoDB) to the local HTTPS push service, which decrypts every message with its
// browser's keys. One in a hundred subscriptions has expired (the service answers 410): they must
// be removed, and no browser may be told twice.
import { PUSH_SUBSCRIPTIONS_COLLECTION } from '@coach/contracts';
import { createEventPublisher, createLogger, createQueues, createRedis } from '@coach/kit';
import type { Stack, TestPushService } from '@coach/dev-stack';
import mongoose from 'mongoose';

const SUBSCRIPTIONS = 10_000;
const EXPIRED_EVERY = 100;
/** Target: every subscription notified within this. */
export const PUSH_TARGET_SECONDS = 20;

export async function benchPush(stack: Stack, push: TestPushService) {
  const db = await mongoose.createConnection(stack.env.content.MONGO_URL).asPromise();
  const logger = createLogger('bench-push', 'silent');
  const redis = createRedis(stack.redisUrl, logger, 'queues');
  const queues = createQueues(redis, logger);
  const publish = createEventPublisher(queues);
  const browsers = Array.from({ length: SUBSCRIPTIONS }, () => push.subscribe());
  const expired = browsers.filter((_, i) => i % EXPIRED_EVERY === 0);
  for (const browser of expired) push.answer(browser.endpoint, 410);
  const subscriptions = db.collection(PUSH_SUBSCRIPTIONS_COLLECTION);
  await subscriptions.insertMany(
    browsers.map(({ endpoint, keys }) => ({ endpoint, keys, kinds: ['posts'], createdAt: new Date() })),
  );
  const live = SUBSCRIPTIONS - expired.length;
  const postId = new mongoose.Types.ObjectId().toString();
  push.received.length = 0;
  const started = Date.now();
  try {
    await publish(
      'blog.post_published',
      { postId, slug: `bench-${postId}`, title: 'A new reflection', excerpt: 'On patience.', sendToSubscribers: true },
      postId,
    );
    const allRemoved = async () =>
      (await subscriptions.countDocuments({ endpoint: { $in: expired.map((b) => b.endpoint) } })) === 0;
    while (Date.now() - started < 120_000 && !(push.received.length >= live && (await allRemoved())))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const seconds = (Date.now() - started) / 1000;
    // A late duplicate still counts: the service is watched two more seconds.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const perBrowser = new Map<string, number>();
    for (const message of push.received) perBrowser.set(message.id, (perBrowser.get(message.id) ?? 0) + 1);
    return {
      subscriptions: SUBSCRIPTIONS,
      notified: perBrowser.size,
      seconds,
      'messages/s': Math.round(perBrowser.size / seconds),
      twice: [...perBrowser.values()].filter((n) => n > 1).length,
      'expired left': await subscriptions.countDocuments({ endpoint: { $in: expired.map((b) => b.endpoint) } }),
      refused: push.refused.filter((r) => !r.includes('refused as told')).length,
    };
  } finally {
    await subscriptions.deleteMany({ endpoint: { $in: browsers.map((b) => b.endpoint) } });
    await queues.close();
    await redis.quit();
    await db.close();
  }
}
