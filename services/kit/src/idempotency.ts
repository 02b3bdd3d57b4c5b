import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import mongoose, { type Model } from 'mongoose';
import { HttpError, isOutageError } from './errors.ts';
import { isDuplicateKey } from './mongo.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A claim whose request has not answered within this time is taken to have died with its process. */
const PENDING_LEASE_MS = 60_000;
const ANSWER_TTL_S = 24 * 3600;

/**
 * One Idempotency-Key of one scope (`_id` is `scope:key`): claimed while its first request runs,
 * then holding that request's answer. The unique `_id` lets exactly one of concurrent duplicates
 * claim it; rows expire a day after their claim.
 */
interface IdempotencyRecord {
  _id: string;
  fingerprint: string;
  claimedAt: Date;
  /** Set once the first request has answered. */
  status?: number;
  /** The answer's JSON text. */
  answer?: string;
}

const MODEL_NAME = 'IdempotencyKey';

/** Compiled when a route first honours keys, so only such a service gets the collection. */
function recordsModel(): Model<IdempotencyRecord> {
  const compiled = mongoose.models[MODEL_NAME] as Model<IdempotencyRecord> | undefined;
  if (compiled) return compiled;
  const schema = new mongoose.Schema<IdempotencyRecord>(
    {
      _id: { type: String },
      fingerprint: { type: String, required: true },
      claimedAt: { type: Date, required: true, expires: ANSWER_TTL_S },
      status: { type: Number },
      answer: { type: String },
    },
    { collection: 'idempotency_keys', versionKey: false },
  );
  return mongoose.model<IdempotencyRecord>(MODEL_NAME, schema);
}

/**
 * Claims `id` for a request with this fingerprint: a new key, or one whose claim was left by a
 * request of the same body that never answered. False when another request holds it.
 */
async function claim(
  records: Model<IdempotencyRecord>,
  id: string,
  fingerprint: string,
  claimedAt: Date,
): Promise<boolean> {
  try {
    await records.create({ _id: id, fingerprint, claimedAt });
    return true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  const abandoned = await records.findOneAndUpdate(
    // Our own operators, so marked trusted: kit's sanitizeFilter neutralises all others.
    {
      _id: id,
      fingerprint,
      status: mongoose.trusted({ $exists: false }),
      claimedAt: mongoose.trusted({ $lt: new Date(claimedAt.getTime() - PENDING_LEASE_MS) }),
    },
    { $set: { claimedAt } },
  );
  return abandoned !== null;
}

/** How often a claim's outcome that could not be recorded during an outage is recorded again. */
const RECORD_RETRY_MS = 1000;

/**
 * Records a claim's outcome once MongoDB answers again (within the claim's lease; past it a
 * retry takes the claim over anyway), instead of leaving a claim nobody will answer:
 * - a failed request's claim is released (a claim sent to a frozen server may still be written
 *   when it thaws), so the client's retry after the outage runs at once;
 * - a request that did its work keeps its answer, so the client's retry gets it (409 until then)
 *   instead of taking the claim over after the lease and doing the work twice.
 */
function recordWhenBack(write: () => Promise<unknown>, mine: { claimedAt: Date }) {
  const giveUpAt = mine.claimedAt.getTime() + PENDING_LEASE_MS;
  const attempt = () => {
    write().catch(() => {
      if (Date.now() < giveUpAt) setTimeout(attempt, RECORD_RETRY_MS).unref();
    });
  };
  setTimeout(attempt, RECORD_RETRY_MS).unref();
}

/**
 * Honours an Idempotency-Key header on a write, recording the key in MongoDB: the first request
 * runs and its answer is kept for 24 hours; a replay with the same key gets that answer back
 * (`Idempotent-Replayed: true`) and changes nothing. A replay while the first is still running
 * gets 409; the same key with another body gets 422. Server errors are not kept, so the client
 * may retry them. The route's own write may carry the key too (`idempotencyKeyOf(res)`).
 */
export function idempotent(scope: string): RequestHandler {
  const records = recordsModel();
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!/^[\w.:-]{8,128}$/.test(key)) {
      throw new HttpError(400, 'Idempotency-Key must be 8 to 128 letters, digits, dots, colons, dashes or underscores');
    }
    // A signed-in caller's keys are their own: another member sending the same key gets their own answer.
    const id = req.session ? `${scope}:${req.session.sub}:${key}` : `${scope}:${key}`;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
    const claimedAt = new Date();
    const mine = { _id: id, claimedAt };
    const release = () => records.deleteOne(mine);
    const claimed = () =>
      claim(records, id, fingerprint, claimedAt).catch((err: unknown) => {
        if (isOutageError(err)) recordWhenBack(release, mine);
        throw err;
      });
    // A claim released between our two reads (a server error of the first) is claimed again.
    for (let attempt = 0; !(await claimed()); attempt++) {
      const stored = await records.findById(id).lean();
      if (stored === null && attempt < 2) continue;
      if (stored && stored.fingerprint !== fingerprint) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
      }
      if (stored?.status === undefined || stored.answer === undefined) {
        throw new HttpError(409, 'A request with this Idempotency-Key is still being processed', undefined, {
          'Retry-After': '1',
        });
      }
      res.set('Idempotent-Replayed', 'true');
      return res.status(stored.status).json(JSON.parse(stored.answer));
    }
    res.locals.idempotencyKey = id;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const answer = { status: res.statusCode, answer: JSON.stringify(body) };
      const record = res.statusCode >= 500 ? release : () => records.updateOne(mine, { $set: answer });
      // Answer only once the outcome is recorded, so an immediate replay sees it.
      record().then(
        () => json(body),
        () => {
          recordWhenBack(record, mine);
          json(body);
        },
      );
      return res;
    };
    next();
  };
}

/**
 * The scoped Idempotency-Key `idempotent` claimed for this request (none without the header):
 * for a route whose own write records it, so the work is recognised if the request runs again.
 */
export const idempotencyKeyOf = (res: Response): string | undefined => res.locals.idempotencyKey as string | undefined;
