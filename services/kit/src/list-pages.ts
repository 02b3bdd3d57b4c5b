import { UNKNOWN_CURSOR_MESSAGE } from '@coach/contracts';
import { nextPageLink } from '@coach/site-rules';
import type { Response } from 'express';
import mongoose, { type Model } from 'mongoose';
import { HttpError } from './errors.ts';

/** A page of a list and the cursor of the page after it (null on the last page). */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

/**
 * A page from rows read with a limit one over `limit`: the extra row tells that a page follows,
 * whose cursor is this page's last row's id.
 */
export async function listPageOf<T extends { _id: unknown }>(
  rows: PromiseLike<T[]>,
  limit: number,
): Promise<ListPage<T>> {
  const found = await rows;
  const items = found.slice(0, limit);
  return { items, next: found.length > limit ? String(items.at(-1)!._id) : null };
}

/**
 * The filter of the rows after a cursor in a list ordered newest first by `field`, then by id
 * (so every row has one place, and rows added meanwhile never shift the pages after it). The
 * cursor names the last row of the page before, one of those `among`; one naming none is refused
 * (400), as its place is unknown. No cursor: the first page, no filter.
 */
export async function afterCursor(
  model: Pick<Model<unknown>, 'findOne'>,
  cursor: string | undefined,
  field: string,
  among: object,
): Promise<object> {
  if (!cursor) return {};
  const last = await model
    .findOne({ _id: cursor, ...among }, { [field]: 1 })
    .lean<{ _id: unknown; [field: string]: unknown } | null>();
  const at = last?.[field];
  if (!last || !at) throw new HttpError(400, UNKNOWN_CURSOR_MESSAGE);
  const { trusted } = mongoose;
  return { $or: [{ [field]: trusted({ $lt: at }) }, { [field]: at, _id: trusted({ $lt: last._id }) }] };
}

/**
 * Sends a page of a list at `path` as an array (each row shaped by `shape`), naming the next page
 * in the Link header; `query` is the page's own, whose filters the next page keeps.
 */
export function sendListPage<T>(
  res: Response,
  path: string,
  query: Record<string, unknown>,
  page: ListPage<T>,
  shape: (row: T) => unknown = (row) => row,
): void {
  const link = nextPageLink(path, query, page.next);
  if (link) res.set('Link', link);
  res.json(page.items.map(shape));
}
