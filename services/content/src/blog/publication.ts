import type { Logger, PublishEvent } from '@coach/kit';
import mongoose from 'mongoose';
import { BlogPostModel, type BlogPostDoc } from './model.ts';

/** How long a replica holds a post while publishing its event; after that another may retry. */
const CLAIM_MS = 60_000;

/**
 * Announces posts as they become public: each post owing its event (announcePending) whose
 * publication time has come is claimed by one replica with an atomic update, published as
 * blog.post_published with the post id as event id, then marked announced. A replica dying
 * between the claim and the mark leaves the claim to expire; the retry reuses the event id, so
 * the queue holds the event once.
 */
export function createPublication(publish: PublishEvent, logger: Logger) {
  async function claimDue(now: Date, onlyId?: mongoose.Types.ObjectId | string): Promise<BlogPostDoc | null> {
    // Our own operators, so marked trusted: kit's sanitizeFilter neutralises all others.
    return BlogPostModel.findOneAndUpdate(
      {
        ...(onlyId ? { _id: onlyId } : {}),
        announcePending: true,
        isPublished: true,
        publishedAt: mongoose.trusted({ $lte: now }),
        announceClaimedUntil: mongoose.trusted({ $not: { $gt: now } }),
      },
      { $set: { announceClaimedUntil: new Date(now.getTime() + CLAIM_MS) } },
      { new: true, sort: { publishedAt: 1 } },
    ).lean<BlogPostDoc>();
  }

  async function announce(post: BlogPostDoc): Promise<void> {
    const postId = post._id.toString();
    const { replicated } = await publish(
      'blog.post_published',
      {
        postId,
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt ?? '',
        sendToSubscribers: post.sendToSubscribers ?? true,
      },
      postId,
      { owed: true },
    );
    // Not held by a Redis replica yet: the claim expires and the check announces it again.
    if (!replicated) return;
    await BlogPostModel.updateOne(
      { _id: post._id },
      { $unset: { announcePending: 1, announceClaimedUntil: 1 }, $set: { announcedAt: new Date() } },
    );
    logger.info({ postId, slug: post.slug }, 'post published');
  }

  /** Announces every post whose time has come. Returns how many this replica announced. */
  async function announceDue(now = new Date()): Promise<number> {
    let count = 0;
    for (let post = await claimDue(now); post; post = await claimDue(now)) {
      await announce(post);
      count++;
    }
    return count;
  }

  /** Announces one post now if it is public and still owes its event; a failure is left to the check. */
  async function announceNow(postId: mongoose.Types.ObjectId | string): Promise<void> {
    try {
      const post = await claimDue(new Date(), postId);
      if (post) await announce(post);
    } catch (err) {
      logger.error({ err, postId: postId.toString() }, 'post not announced yet; the check retries');
    }
  }

  /** Runs announceDue every `everyMs` in the background; returns its stop. */
  function startChecking(everyMs: number): () => void {
    const timer = setInterval(() => {
      announceDue().catch((err) => logger.error({ err }, 'checking for posts to publish failed'));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { announceDue, announceNow, startChecking };
}
export type Publication = ReturnType<typeof createPublication>;
