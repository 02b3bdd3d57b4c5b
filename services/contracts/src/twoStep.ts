import { z } from './zod.ts';

/** How many one-time recovery codes turning two-step sign-in on gives. */
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as shown: two groups of five lower-case letters and digits. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** A code typed by a person: spaces dropped, letters in lower case. */
const typedCode = (required: string) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/\s+/g, '').toLowerCase())
    .pipe(z.string().min(1, required).max(20, 'That code is too long'));

/** The 6-digit code an authenticator app shows. */
export const authenticatorCodeSchema = typedCode('Enter the 6-digit code from your authenticator app').pipe(
  z.string().regex(/^\d{6}$/, 'The code has 6 digits'),
);

/** An authenticator code or one of the recovery codes. */
export const twoStepCodeSchema = typedCode('Enter the 6-digit code or a recovery code').pipe(
  z.string().regex(/^(?:\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/, 'Enter the 6-digit code from your app, or a recovery code'),
);

/**
 * The answer (202) of POST /api/auth/login and POST /api/admin/login to a correct password of an
 * account with two-step sign-in on: no session yet, only a short-lived challenge to answer with
 * a code.
 */
export const twoStepChallengeSchema = z.object({
  twoStepRequired: z.literal(true),
  challenge: z.string(),
  message: z.string(),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

/** POST /api/auth/login/two-step: the challenge of the sign-in and a code; answers the CurrentUser. */
export const twoStepSignInInputSchema = z.strictObject({
  challenge: z.string({ error: 'Please sign in again' }).min(1, 'Please sign in again').max(100),
  code: twoStepCodeSchema,
});
export type TwoStepSignInInput = z.input<typeof twoStepSignInInputSchema>;

/** GET /api/auth/two-step: whether the signed-in account has two-step sign-in on. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet (0 while off). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/**
 * POST /api/auth/two-step/setup: a new secret waiting to be confirmed, as the otpauth:// URI, as
 * a QR code of it (SVG) and as text to type. The secret is never shown again once confirmed.
 */
export const twoStepSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

/** The account's password, asked again before its sign-in settings change. */
const currentPasswordSchema = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200);

/**
 * POST /api/auth/two-step/enable: the password and a current code of the new secret. The password
 * keeps a stolen session from turning two-step on with the thief's own app, locking the owner out.
 */
export const twoStepEnableInputSchema = z.strictObject({
  password: currentPasswordSchema,
  code: authenticatorCodeSchema,
});
export type TwoStepEnableInput = z.input<typeof twoStepEnableInputSchema>;

/** The answer of enabling: the recovery codes, shown this once (only their hashes are kept). */
export const twoStepRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoStepRecoveryCodes = z.infer<typeof twoStepRecoveryCodesSchema>;

/** POST /api/auth/two-step/disable: the password and a current code (or a recovery code). */
export const twoStepDisableInputSchema = z.strictObject({ password: currentPasswordSchema, code: twoStepCodeSchema });
export type TwoStepDisableInput = z.input<typeof twoStepDisableInputSchema>;
