import type { AdminUser, AdminUserListQuery } from '@coach/contracts';
import { adminPage, HttpError, type AdminPage } from '@coach/kit';
import { UserModel, type UserDoc } from '../accounts/model.ts';
import { toCurrentUser } from '../accounts/service.ts';
import type { SessionIssuer } from '../accounts/sessions.ts';
import { deletePostsOf } from '../community/service.ts';
import { deleteProfileOf } from '../profile/service.ts';

/** One page of accounts, newest first, searched in name, username and e-mail. */
export const listUsers = (query: AdminUserListQuery): Promise<AdminPage<AdminUser>> =>
  adminPage(UserModel, query, {
    searchFields: ['name', 'username', 'email'],
    idOf: Number,
    leaveOut: { password: 0 },
    shape: (row: Omit<UserDoc, 'password'>) => toCurrentUser(row),
  });

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
