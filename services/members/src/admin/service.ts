import {
  ADMIN_PAGE_SIZE,
  literalSearch,
  UNKNOWN_CURSOR_MESSAGE,
  type AdminUser,
  type AdminUserListQuery,
} from '@coach/contracts';
import { HttpError } from '@coach/kit';
import mongoose from 'mongoose';
import { UserModel, type UserDoc } from '../accounts/model.ts';
import { toCurrentUser } from '../accounts/service.ts';
import type { SessionIssuer } from '../accounts/sessions.ts';
import { deletePostsOf } from '../community/service.ts';
import { deleteProfileOf } from '../profile/service.ts';

export interface UsersPage {
  users: AdminUser[];
  /** The cursor of the next page, or null on the last. */
  next: string | null;
  /** Every account, unsearched. */
  total: number;
}

/**
 * One page of accounts, newest first, searched in name, username and e-mail. The cursor is the
 * previous page's last account; one naming no account is refused (400).
 */
export async function listUsers(query: AdminUserListQuery): Promise<UsersPage> {
  const { trusted } = mongoose;
  if (query.cursor && !(await UserModel.exists({ _id: Number(query.cursor) })))
    throw new HttpError(400, UNKNOWN_CURSOR_MESSAGE);
  const filter = {
    ...(query.cursor ? { _id: trusted({ $lt: Number(query.cursor) }) } : {}),
    ...(query.q
      ? {
          $or: ['name', 'username', 'email'].map((field) => ({
            [field]: trusted({ $regex: literalSearch(query.q!) }),
          })),
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    UserModel.find(filter, { password: 0 })
      .sort({ _id: -1 })
      .limit(ADMIN_PAGE_SIZE + 1)
      .lean<Omit<UserDoc, 'password'>[]>(),
    UserModel.estimatedDocumentCount(),
  ]);
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const next = rows.length > ADMIN_PAGE_SIZE ? String(page.at(-1)!._id) : null;
  return { users: page.map(toCurrentUser), next, total };
}

export const ADMIN_NOT_DELETABLE = 'Admin accounts cannot be deleted';

/**
 * Deletes a member with everything that is theirs: the account first (the delete itself checks
 * the role, so an admin is never removed), then their live sessions, posts, journey, purchases
 * and progress.
 */
export async function deleteUser(id: number, issuer: SessionIssuer): Promise<void> {
  const { deletedCount } = await UserModel.deleteOne({ _id: id, role: 'user' });
  if (deletedCount === 0) {
    const other = await UserModel.findById(id, { role: 1 }).lean();
    if (other) throw new HttpError(403, ADMIN_NOT_DELETABLE);
    throw new HttpError(404, 'User not found');
  }
  await issuer.revokeAllOf(id);
  await Promise.all([deletePostsOf(id), deleteProfileOf(id)]);
}
