import { randomBytes, createHash } from 'node:crypto';
import type { TwoStepChallenge, TwoStepSetup, TwoStepStatus } from '@coach/contracts';
import { HttpError, type Redis } from '@coach/kit';
import { Secret, TOTP } from 'otpauth';
import mongoose from 'mongoose';
import { renderSVG } from 'uqr';
import { hasTwoStep, UserModel, type UserDoc } from '../accounts/model.ts';
import type { TwoStepSecrets } from './secrets.ts';

/** How long a sign-in waits for its code after the password was right. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** How long a secret shown for set-up may still be confirmed. */
const SETUP_TTL_MS = 15 * 60 * 1000;
/** Codes of the step before and after the current one are accepted too (clocks drift). */
const WINDOW = 1;

export const TWO_STEP_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  expired: 'This sign-in has expired. Please sign in again.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  setupExpired: 'The set-up has expired. Please start again.',
  wrongPasswordOrCode: 'The password or the code is not right.',
  wrongPassword: 'The password is not right.',
};

const challengeKey = (token: string) => `twostep:challenge:${createHash('sha256').update(token).digest('hex')}`;

/**
 * Two-step sign-in with any authenticator app (TOTP: 6 digits, 30-second steps) and one-time
 * recovery codes. A code is accepted once: the step it belongs to is recorded, and a recovery
 * code is removed as it is used; both in one conditional update, so two requests racing with
 * the same code cannot both pass.
 */
export function createTwoStep(redis: Redis, secrets: TwoStepSecrets, issuer: string) {
  const totpOf = (user: Pick<UserDoc, 'email'>, base32: string) =>
    new TOTP({ issuer, label: user.email, secret: Secret.fromBase32(base32) });

  /** The time step of a valid code of this secret, or undefined. */
  function stepOf(totp: TOTP, code: string): number | undefined {
    const timestamp = Date.now();
    const delta = totp.validate({ token: code, timestamp, window: WINDOW });
    return delta === null ? undefined : TOTP.counter({ period: totp.period, timestamp }) + delta;
  }

  async function status(userId: number): Promise<TwoStepStatus> {
    const user = await UserModel.findById(userId, { twoStep: 1 }).lean<Pick<UserDoc, 'twoStep'>>();
    return { enabled: Boolean(user?.twoStep), recoveryCodesLeft: user?.twoStep?.recoveryCodes.length ?? 0 };
  }

  /** A new secret to scan or type, kept encrypted until a code confirms it. */
  async function setup(user: UserDoc): Promise<TwoStepSetup> {
    if (hasTwoStep(user)) throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
    const secret = new Secret({ size: 20 }).base32;
    const pending = { secret: secrets.seal(user._id, secret), createdAt: new Date() };
    const { matchedCount } = await UserModel.updateOne(
      { _id: user._id, twoStep: null },
      { $set: { pendingTwoStep: pending } },
    );
    if (matchedCount === 0) throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
    const otpauthUri = totpOf(user, secret).toString();
    return { secret, otpauthUri, qrSvg: renderSVG(otpauthUri, { border: 2 }) };
  }

  /** Confirms the set-up with a current code; answers the recovery codes, shown only this once. */
  async function enable(user: UserDoc, code: string): Promise<string[]> {
    if (hasTwoStep(user)) throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
    const pending = user.pendingTwoStep;
    if (!pending || Date.now() - pending.createdAt.getTime() > SETUP_TTL_MS) {
      throw new HttpError(409, TWO_STEP_MESSAGES.setupExpired);
    }
    const step = stepOf(totpOf(user, secrets.open(user._id, pending.secret)), code);
    if (step === undefined)
      throw new HttpError(400, TWO_STEP_MESSAGES.wrongCode, [{ path: 'code', message: TWO_STEP_MESSAGES.wrongCode }]);
    const { codes, hashes } = secrets.newRecoveryCodes();
    const { modifiedCount } = await UserModel.updateOne(
      { _id: user._id, twoStep: null, 'pendingTwoStep.secret': pending.secret },
      {
        $set: { twoStep: { secret: pending.secret, lastStep: step, recoveryCodes: hashes, enabledAt: new Date() } },
        $unset: { pendingTwoStep: 1 },
      },
    );
    if (modifiedCount === 0) throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
    return codes;
  }

  /**
   * Whether the code is a current authenticator code not used before, or an unused recovery code
   * (which is used up by this call).
   */
  async function verify(user: UserDoc, code: string): Promise<boolean> {
    const twoStep = user.twoStep;
    if (!twoStep) return false;
    if (/^\d{6}$/.test(code)) {
      const step = stepOf(totpOf(user, secrets.open(user._id, twoStep.secret)), code);
      if (step === undefined) return false;
      const { modifiedCount } = await UserModel.updateOne(
        // Our own operator, so marked trusted: kit's sanitizeFilter neutralises all others.
        { _id: user._id, 'twoStep.lastStep': mongoose.trusted({ $lt: step }) },
        { $set: { 'twoStep.lastStep': step } },
      );
      return modifiedCount === 1;
    }
    const hash = secrets.hashRecoveryCode(code);
    const { modifiedCount } = await UserModel.updateOne(
      { _id: user._id, 'twoStep.recoveryCodes': hash },
      { $pull: { 'twoStep.recoveryCodes': hash } },
    );
    return modifiedCount === 1;
  }

  async function disable(userId: number): Promise<void> {
    await UserModel.updateOne({ _id: userId }, { $unset: { twoStep: 1, pendingTwoStep: 1 } });
  }

  /** A sign-in whose password was right, waiting for its code: a random token kept in Redis. */
  async function openChallenge(user: UserDoc): Promise<TwoStepChallenge> {
    const challenge = randomBytes(32).toString('base64url');
    await redis.set(challengeKey(challenge), String(user._id), 'EX', CHALLENGE_TTL_SECONDS);
    return { twoStepRequired: true, challenge, message: TWO_STEP_MESSAGES.codeRequired };
  }

  /** The account a live challenge belongs to, else undefined. */
  async function challengedUser(challenge: string): Promise<number | undefined> {
    const userId = await redis.get(challengeKey(challenge));
    return userId ? Number(userId) : undefined;
  }

  /** Uses the challenge up; false when another request did first. */
  async function closeChallenge(challenge: string): Promise<boolean> {
    return (await redis.del(challengeKey(challenge))) === 1;
  }

  return { status, setup, enable, verify, disable, openChallenge, challengedUser, closeChallenge };
}
export type TwoStep = ReturnType<typeof createTwoStep>;
