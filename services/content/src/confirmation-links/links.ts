import { createHash, randomBytes } from 'node:crypto';
import type { EventName, EventPayload } from '@coach/contracts';
import { idempotencyKeyOf, nullIfDuplicate } from '@coach/kit';
import type { Response } from 'express';
import mongoose, { type Model, type Types } from 'mongoose';
import type { MailRequestLimit } from '../mail-requests/limit.ts';
import type { EventSource, Outbox } from '../outbox/outbox.ts';

/**
 * The link that confirms an e-mail address (double opt-in): a random token travels only in the
 * e-mail, its row keeps the SHA-256 of it, and it works until the row's `confirmExpiresAt`.
 * Every collection whose rows confirm an address holds the fields below and issues, mails and
 * checks its links with the functions of this file.
 */

const { trusted } = mongoose;
export const newLinkToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** How many of the links mailed to one address confirm it, the latest ones (e-mails may arrive in any order). */
const VALID_LINKS = 10;

/** The fields of a row that confirms its address by a link, for its schema. */
export const confirmationLinkFields = {
  /** SHA-256 of the latest link's token (the token itself is only in the e-mail). */
  confirmTokenHash: { type: String },
  /**
   * SHA-256 of the tokens of the links mailed since the address last asked to be confirmed, the
   * latest last: each works until `confirmExpiresAt`, so an earlier e-mail's link (or one that
   * arrived after a newer one) still confirms.
   */
  confirmTokenHashes: { type: [String], default: undefined },
  confirmExpiresAt: { type: Date },
  /** The latest link's token while its e-mail waits to be queued (a Redis outage): removed once it is (outbox/). */
  pendingConfirmToken: { type: String },
  /** The Idempotency-Key of the request that issued the latest link. */
  confirmRequestKey: { type: String },
  /** Set until the latest link's e-mail is queued (outbox/). */
  eventPending: { type: Boolean },
};

/** The indexes that find a link's row by its token and the rows whose e-mail is still owed. */
export function indexConfirmationLinks(schema: mongoose.Schema) {
  schema.index({ confirmTokenHash: 1 }, { sparse: true });
  schema.index({ confirmTokenHashes: 1 }, { sparse: true });
  schema.index({ eventPending: 1 }, { sparse: true });
}

/** A row owed the e-mail of the link just issued: the outbox queues it. */
export interface LinkOwed {
  _id: Types.ObjectId;
  email: string;
  confirmTokenHash: string;
  pendingConfirmToken: string;
}
const linkOwedProjection = { email: 1, confirmTokenHash: 1, pendingConfirmToken: 1 };

/** An update of the row's own fields, to which issuing a link adds its own. */
interface RowUpdate {
  $set?: Record<string, unknown>;
  $setOnInsert?: Record<string, unknown>;
  $unset?: Record<string, 1>;
}

/**
 * The update that issues a new link, valid `confirmHours`, its token waiting in the row until its
 * e-mail is queued; `requestKey` is the Idempotency-Key of the request that issued it. The links
 * mailed before it keep working with it.
 */
function newLink(confirmHours: number, requestKey: string | undefined, update: RowUpdate) {
  const token = newLinkToken();
  const tokenHash = hashOf(token);
  return {
    ...update,
    $set: {
      ...update.$set,
      confirmTokenHash: tokenHash,
      confirmExpiresAt: new Date(Date.now() + confirmHours * 3600_000),
      pendingConfirmToken: token,
      eventPending: true,
      confirmRequestKey: requestKey,
    },
    $push: { confirmTokenHashes: { $each: [tokenHash], $slice: -VALID_LINKS } },
  };
}

/**
 * Issues a new link to the row `filter` finds (stored by `update` when `upsert` and none does),
 * answered as owed its e-mail with the `projection`'s fields too. The replay guard: with a
 * `requestKey`, a row whose latest link that same request issued is left as it is (null), so a
 * request run again mails no second link; so is a row a concurrent identical request stored first.
 */
export function issueLink<Owed extends LinkOwed>(
  model: Pick<Model<unknown>, 'findOneAndUpdate'>,
  filter: mongoose.FilterQuery<unknown>,
  update: RowUpdate,
  options: { confirmHours: number; requestKey?: string; upsert?: boolean; projection?: Record<string, 1> },
): Promise<Owed | null> {
  const notIssuedByThisRequest = options.requestKey ? { confirmRequestKey: trusted({ $ne: options.requestKey }) } : {};
  return model
    .findOneAndUpdate(
      { ...filter, ...notIssuedByThisRequest },
      newLink(options.confirmHours, options.requestKey, update),
      {
        upsert: options.upsert ?? false,
        new: true,
        projection: { ...linkOwedProjection, ...options.projection },
      },
    )
    .lean<Owed>()
    .catch(nullIfDuplicate);
}

/**
 * Applies `update` to the row of a link still valid that `filter` also matches, answered with the
 * `projection`'s fields; null when there is none. Using a link again must change nothing more.
 */
export function useLink<Row>(
  model: Pick<Model<unknown>, 'findOneAndUpdate'>,
  token: string,
  update: mongoose.UpdateQuery<unknown>,
  options: { filter?: mongoose.FilterQuery<unknown>; projection?: Record<string, 1> } = {},
): Promise<Row | null> {
  const hash = hashOf(token);
  return model
    .findOneAndUpdate(
      {
        // A row whose links were all mailed before the list of them was kept has the latest only.
        $or: [{ confirmTokenHashes: hash }, { confirmTokenHash: hash }],
        confirmExpiresAt: trusted({ $gt: new Date() }),
        ...options.filter,
      },
      update,
      { new: true, projection: options.projection ?? { _id: 1 } },
    )
    .lean<Row>();
}

/** The events that mail a link: each carries the address and the link's token. */
type LinkEvent = {
  [E in EventName]: EventPayload<E> extends { email: string; confirmToken: string } ? E : never;
}[EventName];

/**
 * The outbox's source of a collection's link e-mails: one event per link issued (a new request
 * issues a new one), told apart by the link's hash so a newer pending link is never dropped.
 * `more` gives the event's fields besides the address and the token.
 */
export function linkEmails<E extends LinkEvent, Row extends LinkOwed>(
  event: E,
  model: EventSource<E, Row>['model'],
  more: (row: Row) => Omit<EventPayload<E>, 'email' | 'confirmToken'>,
): EventSource<E, Row> {
  return {
    event,
    model,
    payloadOf: (row) => ({ ...more(row), email: row.email, confirmToken: row.pendingConfirmToken }) as EventPayload<E>,
    revisionOf: (row) => ({ confirmTokenHash: row.confirmTokenHash }),
    clearedOnceQueued: ['pendingConfirmToken'],
  };
}

/** What issuing and mailing links takes. */
export interface ConfirmationLinkOptions {
  outbox: Outbox;
  /** Shared by every form that mails: one address gets no more mail from all of them together. */
  mailLimit: MailRequestLimit;
  /** How long a confirmation link works. */
  confirmHours: number;
}

/**
 * A request that asks for a link to `email` (its Idempotency-Key read from `res`): `issue` stores
 * it and answers the row owed a link's e-mail, if any, told whether the address's hourly mail
 * allowance has room; that e-mail is queued through `emails`.
 */
export async function requestLink<E extends LinkEvent, Row extends LinkOwed>(
  res: Response,
  email: string,
  options: ConfirmationLinkOptions,
  emails: EventSource<E, Row>,
  issue: (link: { mailAllowed: boolean; confirmHours: number; requestKey?: string }) => Promise<Row | null>,
): Promise<void> {
  const requestKey = idempotencyKeyOf(res);
  const mailAllowed = await options.mailLimit.allow(email, requestKey);
  const owed = await issue({ mailAllowed, confirmHours: options.confirmHours, requestKey });
  if (owed) await options.outbox.notify(emails, owed);
}
