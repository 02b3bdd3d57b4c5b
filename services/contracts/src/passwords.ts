import { z } from './zod.ts';
import { emailSchema } from './site.ts';

/** A password someone chooses: sign-up, reset and change. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const PASSWORD_TOO_COMMON =
  'This password is too common or too easy to guess. Please choose a less predictable one, such as a few unrelated words.';
export const PASSWORD_BREACHED = 'This password has appeared in a known data breach. Please choose a different one.';

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** POST /api/auth/password-reset/request */
export const passwordResetRequestSchema = z.strictObject({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(emailSchema),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The one answer to every reset request, whether or not the e-mail has an account. */
export const PASSWORD_RESET_REQUESTED =
  'If an account uses this e-mail, a link to reset its password is on its way. It works for 30 minutes.';

/** A reset token as the link carries it: 32 random bytes, base64url. */
export const resetTokenSchema = z
  .string({ error: 'The reset link is incomplete' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not valid. Please ask for a new one.');

/** POST /api/auth/password-reset/confirm */
export const passwordResetConfirmSchema = z.strictObject({ token: resetTokenSchema, password: newPasswordSchema });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const RESET_LINK_INVALID = 'This reset link is not valid. Please ask for a new one.';
export const RESET_LINK_EXPIRED = 'This reset link has expired. Please ask for a new one.';
export const RESET_LINK_USED = 'This reset link has already been used. Please ask for a new one if you need it.';

/** POST /api/auth/password: a signed-in member changes her own password. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
export const NEW_PASSWORD_SAME = 'Your new password must differ from the current one.';
