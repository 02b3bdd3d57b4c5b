import { ADMIN_PAGE_SIZE, UNKNOWN_CURSOR_MESSAGE } from '@coach/contracts';
import type { RequestHandler, Response } from 'express';
import mongoose, { type Model } from 'mongoose';
import type { z } from 'zod';
import { HttpError, parse } from './errors.ts';
import { listPageOf, sendListPage, type ListPage } from './list-pages.ts';

/** One page of an admin list. */
export interface AdminPage<T> extends ListPage<T> {
  /** Every row of the collection, unsearched. */
  total: number;
}

/** What an admin list reads from its model. */
type ListedModel = Pick<Model<unknown>, 'find'> & {
  estimatedDocumentCount(): PromiseLike<number>;
  exists(filter: { _id: unknown }): PromiseLike<unknown>;
};

export interface AdminListOptions<Row, T> {
  /** The fields a search looks in (each matched literally, ignoring case). */
  searchFields: readonly string[];
  /** A cursor as the id it names (ids grow with creation, so newest first is by id). */
  idOf: (cursor: string) => unknown;
  /** Fields left out of the rows read. */
  leaveOut?: Record<string, 0>;
  shape: (row: Row) => T;
}

/** Text as a pattern that matches it literally: every pattern character escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A search as a case-insensitive pattern that matches the words literally. */
const literalSearch = (q: string): RegExp => new RegExp(escapeRegExp(q), 'i');

/**
 * One page of an admin list, newest first, searched when the query has words. The cursor is the
 * previous page's last id; one naming no row is refused (400), as its page cannot be found.
 */
export async function adminPage<Row extends { _id: unknown }, T>(
  model: ListedModel,
  query: { cursor?: string; q?: string },
  options: AdminListOptions<Row, T>,
): Promise<AdminPage<T>> {
  const { trusted } = mongoose;
  const after = query.cursor === undefined ? undefined : options.idOf(query.cursor);
  if (after !== undefined && !(await model.exists({ _id: after }))) throw new HttpError(400, UNKNOWN_CURSOR_MESSAGE);
  const filter = {
    ...(after !== undefined ? { _id: trusted({ $lt: after }) } : {}),
    ...(query.q
      ? { $or: options.searchFields.map((field) => ({ [field]: trusted({ $regex: literalSearch(query.q!) }) })) }
      : {}),
  };
  const [page, total] = await Promise.all([
    listPageOf(
      model
        .find(filter, options.leaveOut ?? {})
        .sort({ _id: -1 })
        .limit(ADMIN_PAGE_SIZE + 1)
        .lean<Row[]>(),
      ADMIN_PAGE_SIZE,
    ),
    model.estimatedDocumentCount(),
  ]);
  return { items: page.items.map(options.shape), next: page.next, total };
}

/**
 * Sends a page of an admin list at `path`: its rows, the next page in the Link header (keeping
 * the query's search) and the number of rows in X-Total-Count. Never cached.
 */
export function sendAdminPage<T>(res: Response, path: string, query: Record<string, unknown>, page: AdminPage<T>) {
  res.set('X-Total-Count', String(page.total));
  res.set('Cache-Control', 'no-store');
  sendListPage(res, path, query, page);
}

/**
 * The GET handler of the admin list at `path`: its query (cursor, search) parsed with `schema`,
 * the page `list` reads for it sent with sendAdminPage.
 */
export function adminListHandler<S extends z.ZodType<Record<string, unknown>>, T>(
  path: string,
  schema: S,
  list: (query: z.infer<S>) => Promise<AdminPage<T>>,
): RequestHandler {
  return async (req, res) => {
    const query = parse(schema, req.query);
    sendAdminPage(res, path, query, await list(query));
  };
}
