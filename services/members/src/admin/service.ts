import type { AdminUser } from '@coach/contracts';
import { HttpError } from '@coach/kit';
import { UserModel, type UserDoc } from '../accounts/model.ts';
import { toCurrentUser } from '../accounts/service.ts';
import type { SessionIssuer } from '../accounts/sessions.ts';
import { deletePostsOf } from '../community/service.ts';
import { deleteProfileOf } from '../profile/service.ts';

export async function listUsers(): Promise<AdminUser[]> {
  const rows = await UserModel.find({}, { password: 0 }).sort({ _id: 1 }).lean<Omit<UserDoc, 'password'>[]>();
  return rows.map(toCurrentUser);
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
