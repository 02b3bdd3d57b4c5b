import type { EventName, EventPayload } from '@coach/contracts';
import { isOutageError, UnavailableError, type Logger, type PublishEvent } from '@coach/kit';
import mongoose, { type Model, type Types } from 'mongoose';

/** A row still pending after this long is published again by the sweep. */
export const SWEEP_GRACE_MS = 30_000;
const SWEEP_EVERY_MS = 60_000;

interface StoredRow {
  _id: Types.ObjectId;
}

/**
 * A collection whose rows each owe one domain event. A row is stored with `eventPending: true`
 * and the flag is cleared once its event is queued (and, with Sentinels, held by a replica), so
 * an event is never lost to a Redis outage between the two writes nor to a failover (a
 * transactional outbox without transactions).
 */
export interface EventSource<E extends EventName, Row extends StoredRow> {
  event: E;
  model: Pick<Model<unknown>, 'find' | 'updateOne'>;
  payloadOf(row: Row): EventPayload<E>;
  /**
   * For a row that owes an event more than once in its life (a subscriber asking again): the
   * fields that tell its events apart. They name the event, and the row is marked done only
   * while they still hold, so a newer pending event is not dropped. Without: one event per row.
   */
  revisionOf?(row: Row): Record<string, string>;
  /** Fields that only the pending event needs, removed once it is queued. */
  clearedOnceQueued?: string[];
}

/** Redis or MongoDB away: the row stays owed and the sweep publishes it once they are back. */
const waitsForSweep = (err: unknown) => err instanceof UnavailableError || isOutageError(err);

export function createOutbox(publish: PublishEvent, logger: Logger) {
  async function publishRow<E extends EventName, Row extends StoredRow>(source: EventSource<E, Row>, row: Row) {
    // The row (and its revision) is the event id: publishing again (sweep, late add) queues
    // nothing new. kit's publish gives up after a few seconds while Redis is unreachable.
    const revision = source.revisionOf?.(row) ?? {};
    const { replicated } = await publish(
      source.event,
      source.payloadOf(row),
      [row._id.toString(), ...Object.values(revision)].join('.'),
      { owed: true },
    );
    // A job no Redis replica holds yet could be lost to a failover: the row stays owed, and the
    // sweep publishes it again (the same job id: nothing new while the job is there).
    if (!replicated) return;
    const cleared = ['eventPending', ...(source.clearedOnceQueued ?? [])];
    await source.model.updateOne(
      { _id: row._id, ...revision },
      { $unset: Object.fromEntries(cleared.map((f) => [f, 1])) },
    );
  }

  /** Publishes a stored row's event now; a failure is logged and left to the sweep. */
  async function notify<E extends EventName, Row extends StoredRow>(source: EventSource<E, Row>, row: Row) {
    try {
      await publishRow(source, row);
    } catch (err) {
      // Redis or MongoDB away (an election) is one outage, already reported by its connection: no error per row.
      if (waitsForSweep(err)) logger.info({ event: source.event, id: row._id.toString() }, 'event waits for the sweep');
      else
        logger.error(
          { err, event: source.event, id: row._id.toString() },
          'event not published yet; the sweep retries',
        );
    }
  }

  /** Publishes a source's rows still pending after the grace period. Returns how many were sent. */
  async function sweep<E extends EventName, Row extends StoredRow>(
    source: EventSource<E, Row>,
    graceMs = SWEEP_GRACE_MS,
  ): Promise<number> {
    const before = objectIdAt(new Date(Date.now() - graceMs));
    // Our own operator, so marked trusted: kit's sanitizeFilter neutralises all others.
    const rows = await source.model
      .find({ eventPending: true, _id: mongoose.trusted({ $lt: before }) })
      .limit(500)
      .lean<Row[]>();
    for (const row of rows) await publishRow(source, row);
    return rows.length;
  }

  /** Runs `sweepAll` every minute in the background. */
  function startSweeping(sweepAll: () => Promise<unknown>): () => void {
    const timer = setInterval(() => {
      sweepAll().catch((err) => {
        if (!waitsForSweep(err)) logger.error({ err }, 'outbox sweep failed');
      });
    }, SWEEP_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { notify, sweep, startSweeping };
}
export type Outbox = ReturnType<typeof createOutbox>;

/** The smallest ObjectId of a moment: ids grow with their creation time. */
function objectIdAt(date: Date): Types.ObjectId {
  return mongoose.Types.ObjectId.createFromTime(Math.floor(date.getTime() / 1000));
}
