import {
  CURRENT_PASSWORD_WRONG,
  NEW_PASSWORD_SAME,
  PASSWORD_RESET_REQUESTED,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type Accepted,
} from '@coach/contracts';
import {
  consumeIfLeft,
  consumeOrRefuse,
  HttpError,
  parse,
  type PublishEvent,
  type Redis,
  type SessionVerifier,
} from '@coach/kit';
import { Router, type Request } from 'express';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { checkedUnderSignInLimits, deviceCookieName, type DeviceCookies } from '../accounts/device.ts';
import { accountKey, type LoginLimiter } from '../accounts/login-limiter.ts';
import { authCookieOptions, type PasswordPolicy } from '../accounts/routes.ts';
import { verifyPassword } from '../accounts/password.ts';
import { findUser, findUserByEmail, setPassword } from '../accounts/service.ts';
import type { SessionIssuer } from '../accounts/sessions.ts';
import type { UserDoc } from '../accounts/model.ts';
import { createResetToken, spendAllResetsOf, spendReset, usableReset } from './reset.ts';

export interface PasswordResetLimits {
  /** Reset requests one client address may make in an hour (more: 429). */
  maxRequestsPerIp: number;
  /** Reset e-mails one address (an account's e-mail) may receive in an hour (more: none sent). */
  maxEmailsPerAccount: number;
}

export interface PasswordDeps {
  sessions: SessionVerifier;
  issuer: SessionIssuer;
  limiter: LoginLimiter;
  devices: DeviceCookies;
  publish: PublishEvent;
  policy: PasswordPolicy;
  redis: Redis;
  resetLimits: PasswordResetLimits;
  cookieSecure: boolean;
}

const HOUR_S = 3600;

/** What a person's own details are: a password built from them is easy to guess. */
const ownDetails = (user: UserDoc) => [user.name, user.username, user.email, user.email.split('@')[0]!];

/** Password reset by e-mail, and the signed-in member's password change. */
export function passwordRoutes(deps: PasswordDeps): Router {
  const { sessions, issuer, limiter, devices, publish, policy, redis, resetLimits } = deps;
  const router = Router();
  const deviceCookie = deviceCookieName(deps.cookieSecure);
  const requestsPerIp = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'password-reset:ip',
    points: resetLimits.maxRequestsPerIp,
    duration: HOUR_S,
  });
  const emailsPerAccount = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'password-reset:account',
    points: resetLimits.maxEmailsPerAccount,
    duration: HOUR_S,
  });

  /**
   * Mails the account holder a reset link, unless her address has had its share this hour. The
   * count is kept per e-mail whether or not an account has it.
   */
  async function mailResetLink(email: string, req: Request) {
    if (!(await consumeIfLeft(emailsPerAccount, accountKey(email))))
      return req.log.info('password reset e-mail withheld: hourly limit of the address reached');
    const user = await findUserByEmail(email);
    if (!user) return;
    const { token, id } = await createResetToken(user._id);
    await publish('member.password_reset_requested', { userId: user._id, email: user.email, token }, id);
  }

  /**
   * Always the same 202 and body, answered before the account is even looked up, so neither the
   * answer nor its time tells whether the e-mail has an account.
   */
  router.post('/api/auth/password-reset/request', async (req, res) => {
    const { email } = parse(passwordResetRequestSchema, req.body);
    await consumeOrRefuse(
      requestsPerIp,
      req.ip ?? 'unknown',
      (seconds) => `Too many password reset requests. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
    );
    const answer: Accepted = { ok: true, message: PASSWORD_RESET_REQUESTED };
    res.status(202).json(answer);
    await mailResetLink(email, req).catch((err: unknown) => req.log.error({ err }, 'password reset e-mail not sent'));
  });

  /** Sets the new password, spends the link (and any other open one) and ends every session. */
  router.post('/api/auth/password-reset/confirm', async (req, res) => {
    const { token, password } = parse(passwordResetConfirmSchema, req.body);
    const reset = await usableReset(token);
    const user = await findUser(reset.userId);
    if (!user)
      throw new HttpError(400, 'This account no longer exists.', [
        { path: 'token', message: 'This account no longer exists.' },
      ]);
    await policy(password, 'password', ownDetails(user));
    await spendReset(token);
    await setPassword(user._id, password);
    await spendAllResetsOf(user._id);
    await issuer.revokeAllOf(user._id);
    res.clearCookie(sessions.cookieName, authCookieOptions(deps.cookieSecure));
    const answer: Accepted = {
      ok: true,
      message: 'Your password has been reset. Please sign in with your new password.',
    };
    res.json(answer);
  });

  /**
   * A signed-in member changes her password: the current one is checked under the sign-in
   * limits (a stolen session cannot guess it freely); every other session of hers ends.
   */
  router.post('/api/auth/password', sessions.requireUser, async (req, res) => {
    const { currentPassword, newPassword } = parse(passwordChangeSchema, req.body);
    const user = await findUser(Number(req.session!.sub));
    if (!user) throw new HttpError(401, 'Please sign in to continue');
    const verified = await checkedUnderSignInLimits({ limiter, devices, deviceCookie }, req, user.email, () =>
      verifyPassword(user.password, currentPassword),
    );
    if (!verified)
      throw new HttpError(400, CURRENT_PASSWORD_WRONG, [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }]);
    if (newPassword === currentPassword)
      throw new HttpError(400, NEW_PASSWORD_SAME, [{ path: 'newPassword', message: NEW_PASSWORD_SAME }]);
    await policy(newPassword, 'newPassword', ownDetails(user));
    await setPassword(user._id, newPassword);
    await spendAllResetsOf(user._id);
    await issuer.revokeAllOf(user._id, req.session!.jti);
    const answer: Accepted = {
      ok: true,
      message: 'Your password has been changed. Your other devices have been signed out.',
    };
    res.json(answer);
  });
  return router;
}
