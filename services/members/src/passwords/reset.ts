import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES, RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED } from '@coach/contracts';
import { HttpError } from '@coach/kit';
import mongoose from 'mongoose';

/** How long a spent or expired link is remembered, so its page can say which it is. */
const KEEP_AFTER_EXPIRY_S = 24 * 3600;

/**
 * password_resets: one row per reset link sent. The token itself is never stored, only its
 * SHA-256 (the row's id), so a copy of the database opens no account.
 */
const passwordResetSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Number, required: true, index: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    createdAt: { type: Date, default: Date.now },
  },
  { collection: 'password_resets', versionKey: false },
);
passwordResetSchema.index({ expiresAt: 1 }, { expireAfterSeconds: KEEP_AFTER_EXPIRY_S });

export interface PasswordResetDoc {
  _id: string;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}
export const PasswordResetModel = mongoose.model('PasswordReset', passwordResetSchema);

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use reset token for the user (32 random bytes, base64url); only its hash is kept. */
export async function createResetToken(userId: number): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = hashResetToken(token);
  await PasswordResetModel.create({
    _id: id,
    userId,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
  });
  return { token, id };
}

const refused = (message: string) => new HttpError(400, message, [{ path: 'token', message }]);

/** The reset a token opens, if it is known, unused and not expired; otherwise the 400 saying which. */
export async function usableReset(token: string): Promise<PasswordResetDoc> {
  const reset = await PasswordResetModel.findById(hashResetToken(token)).lean<PasswordResetDoc>();
  if (!reset) throw refused(RESET_LINK_INVALID);
  if (reset.usedAt) throw refused(RESET_LINK_USED);
  if (reset.expiresAt.getTime() <= Date.now()) throw refused(RESET_LINK_EXPIRED);
  return reset;
}

/**
 * Spends the reset a token opens: succeeds for exactly one caller, however many use the same link
 * at once; the others get the 400 saying why it no longer works.
 */
export async function spendReset(token: string): Promise<void> {
  const { modifiedCount } = await PasswordResetModel.updateOne(
    { _id: hashResetToken(token), usedAt: null, expiresAt: mongoose.trusted({ $gt: new Date() }) },
    { $set: { usedAt: new Date() } },
  );
  if (modifiedCount === 1) return;
  await usableReset(token);
  throw refused(RESET_LINK_USED);
}

/** Ends every link still open for the user (her password has just changed). */
export async function spendAllResetsOf(userId: number): Promise<void> {
  await PasswordResetModel.updateMany({ userId, usedAt: null }, { $set: { usedAt: new Date() } });
}
