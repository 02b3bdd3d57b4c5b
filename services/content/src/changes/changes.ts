import { randomUUID } from 'node:crypto';
import type { Logger, Redis } from '@coach/kit';
import type mongoose from 'mongoose';

/**
 * Told of a change: `local` when it was a write of this process, false when another replica's. A
 * listener's promise holds the write's answer until it settles (the other replicas being told).
 */
type Listener = (local: boolean) => void | Promise<void>;

/** The changes of one kind of stored data (the blog's posts, the site's statistics). */
export class Changes {
  private readonly listeners = new Set<Listener>();

  /** Tells `listener` of every change from now on; returns its removal. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A write of this process changed the data; settles once every listener has taken it in. */
  async wrote(): Promise<void> {
    await Promise.all([...this.listeners].map((listener) => listener(true)));
  }

  /** Another replica changed the data, or may have while this one could not hear it. */
  heard(): void {
    for (const listener of this.listeners) listener(false);
  }
}

/** The writes of mongoose's query middleware, whose post hook is given what the write did. */
const QUERY_WRITES = [
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
] as const;

/** Whether a write's result says it changed something: a write that matched nothing did not. */
function changedSomething(result: unknown): boolean {
  if (result === null || result === undefined) return false; // findOneAnd...: no document matched
  const counts = result as { modifiedCount?: unknown; upsertedCount?: unknown; deletedCount?: unknown };
  if (typeof counts.deletedCount === 'number') return counts.deletedCount > 0;
  if (typeof counts.modifiedCount === 'number') return counts.modifiedCount + Number(counts.upsertedCount ?? 0) > 0;
  return true;
}

/**
 * Tells `changes` after every write through the models of `schema` that changed a document:
 * saves (create), insertMany, bulkWrite and every update, replace and delete, of a query or of a
 * document; a write that matched nothing is not told. Call it before the schema is compiled into its model. Writes that go around the model
 * (the driver's collection, another process) are not seen here: readers that keep what they read
 * also check the data itself (read-cache.ts).
 */
export function watchWrites(schema: mongoose.Schema, changes: Changes): void {
  const told = () => changes.wrote();
  schema.post('save', told);
  schema.post('insertMany', told);
  schema.post('bulkWrite', told);
  // A document's updateOne() and deleteOne() run as queries too, and are told of here.
  // Mongoose waits for a hook's promise: the write is answered once the other replicas were told.
  schema.post([...QUERY_WRITES], { document: false, query: true }, async (result: unknown) => {
    if (changedSomething(result)) await told();
  });
}

/** The Redis channel on which content's replicas tell each other of their writes. */
export const CHANGES_CHANNEL = 'content:changes';

/**
 * Shares each kind's writes with every other content replica through Redis's publish/subscribe,
 * and tells this replica's listeners of theirs (a message names the kind and the replica that
 * wrote). A subscription that was lost for a while (Redis away or restarted) may have missed
 * messages: when it is back, every kind is told of a change. While Redis is away a write is still
 * made (its answer waits no longer than Redis's command timeout) and seen at once by the replica
 * that made it; the others see it by their own checks. `self` names this
 * replica on the channel: what it announced itself it does not hear again.
 */
export function shareChanges(
  redis: Redis,
  logger: Logger,
  kinds: Record<string, Changes>,
  self: string = randomUUID(),
): () => Promise<void> {
  const subscriber = redis.duplicate();
  const tellAll = () => Object.values(kinds).forEach((changes) => changes.heard());
  subscriber.on('message', (_channel: string, message: string) => {
    const [kind, from] = message.split(' ');
    if (from !== self) kinds[kind!]?.heard();
  });
  // Subscribed (again, after a reconnection): whatever was announced meanwhile was not heard.
  subscriber.on('ready', tellAll);
  subscriber.subscribe(CHANGES_CHANNEL).catch((err: unknown) => logger.warn({ err }, 'changes channel not subscribed'));
  const stops = Object.entries(kinds).map(([kind, changes]) =>
    // Redis answers a publish once the message is on its way to every subscriber: a write's answer
    // waits for it, so a reader's next request to another replica finds that replica told.
    changes.on(async (local) => {
      if (!local) return;
      await redis
        .publish(CHANGES_CHANNEL, `${kind} ${self}`)
        .catch((err: unknown) => logger.warn({ err, kind }, 'a change was not announced to the other replicas'));
    }),
  );
  return async () => {
    stops.forEach((stop) => stop());
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
