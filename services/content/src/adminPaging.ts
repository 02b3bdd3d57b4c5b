import {
  ADMIN_PAGE_SIZE,
  literalSearch,
  nextPageLink,
  UNKNOWN_CURSOR_MESSAGE,
  type AdminListQuery,
} from '@coach/contracts';
import { HttpError } from '@coach/kit';
import type { Response } from 'express';
import mongoose, { type Model } from 'mongoose';

/**
 * Sends one page of an admin list, newest first (by id, which grows with creation), searched in
 * `searchFields`, names the next page in the Link header and the number of rows (all of them,
 * unsearched) in X-Total-Count. The cursor is the page's last id; one naming no row is refused (400).
 */
export async function sendAdminPage<Row extends { _id: mongoose.Types.ObjectId }>(
  res: Response,
  path: string,
  model: Pick<Model<unknown>, 'find'> & {
    estimatedDocumentCount(): PromiseLike<number>;
    exists(filter: { _id: string }): PromiseLike<unknown>;
  },
  query: AdminListQuery,
  searchFields: readonly string[],
  shape: (row: Row) => unknown,
): Promise<void> {
  const { trusted } = mongoose;
  if (query.cursor && !(await model.exists({ _id: query.cursor }))) throw new HttpError(400, UNKNOWN_CURSOR_MESSAGE);
  const filter = {
    ...(query.cursor ? { _id: trusted({ $lt: new mongoose.Types.ObjectId(query.cursor) }) } : {}),
    ...(query.q
      ? { $or: searchFields.map((field) => ({ [field]: trusted({ $regex: literalSearch(query.q!) }) })) }
      : {}),
  };
  const [rows, total] = await Promise.all([
    model
      .find(filter)
      .sort({ _id: -1 })
      .limit(ADMIN_PAGE_SIZE + 1)
      .lean<Row[]>(),
    model.estimatedDocumentCount(),
  ]);
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const link = nextPageLink(path, query, rows.length > ADMIN_PAGE_SIZE ? page.at(-1)!._id.toString() : null);
  if (link) res.set('Link', link);
  res.set('X-Total-Count', String(total));
  res.set('Cache-Control', 'no-store').json(page.map(shape));
}
