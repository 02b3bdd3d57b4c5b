import { loginInputSchema, signupInputSchema, twoStepSignInInputSchema, type CurrentUser } from '@coach/contracts';
import { HttpError, parse, type SessionVerifier, type PublishEvent } from '@coach/kit';
import { Router, type CookieOptions, type Request, type Response } from 'express';
import { DEVICE_COOKIE_MAX_AGE_MS, deviceCookieName, type DeviceCookies } from './device.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { UserDoc } from './model.ts';
import { authenticate, findUser, signup, toCurrentUser } from './service.ts';
import type { SessionIssuer } from './sessions.ts';
import { hasTwoStep, TWO_STEP_MESSAGES, type TwoStep } from '../two-step/service.ts';
import type { PasswordPolicy } from '../passwords/strength.ts';

/** One answer for an unknown e-mail, a wrong password and a member at the admin door. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** The session and device cookies' attributes. */
export const authCookieOptions = (cookieSecure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: cookieSecure,
  path: '/',
});

export interface AuthDeps {
  sessions: SessionVerifier;
  issuer: SessionIssuer;
  limiter: LoginLimiter;
  devices: DeviceCookies;
  publish: PublishEvent;
  passwordPolicy: PasswordPolicy;
  twoStep: TwoStep;
  cookieSecure: boolean;
}

export function authRoutes(deps: AuthDeps): Router {
  const { sessions, issuer, limiter, devices, publish, passwordPolicy, twoStep, cookieSecure } = deps;
  const router = Router();
  const cookie = authCookieOptions(cookieSecure);
  const deviceCookie = deviceCookieName(cookieSecure);
  router.use(['/api/auth', '/api/admin/login'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/api/auth/signup', async (req, res) => {
    const input = parse(signupInputSchema, req.body);
    await passwordPolicy(input.password, 'password', [input.name, input.username, input.email]);
    const user = await signup(input);
    // The account exists whatever happens to the welcome e-mail; a lost event is logged, not fatal.
    await publish(
      'member.signed_up',
      { userId: user._id, name: user.name, email: user.email },
      `user-${user._id}`,
    ).catch((err: unknown) => req.log.error({ err, userId: user._id }, 'member.signed_up not published'));
    res.status(201).json(toCurrentUser(user));
  });

  /** Sets the session cookie and the device cookie that lets this browser past lockouts of this account that others caused. */
  async function startSession(res: Response, user: UserDoc, device: string | undefined) {
    const { token, maxAgeMs } = await issuer.issue(user);
    res.cookie(sessions.cookieName, token, { ...cookie, maxAge: maxAgeMs });
    res.cookie(deviceCookie, devices.issue(user.email, device), { ...cookie, maxAge: DEVICE_COOKIE_MAX_AGE_MS });
    const answer: CurrentUser = toCurrentUser(user);
    res.json(answer);
  }

  /**
   * Checks the credentials under the brute-force limits, then starts the session; an account
   * with two-step sign-in gets a challenge (202) to answer with a code instead.
   */
  async function signIn(req: Request, res: Response, admit: (user: UserDoc) => boolean) {
    const { email, password } = parse(loginInputSchema, req.body);
    const device = devices.read(req.cookies?.[deviceCookie], email);
    const user = await limiter(
      { email, ip: req.ip ?? 'unknown', device },
      async () => {
        const found = await authenticate(email, password);
        return found && admit(found) ? found : undefined;
      },
      (found) => !hasTwoStep(found),
    );
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS);
    if (hasTwoStep(user)) res.status(202).json(await twoStep.openChallenge(user));
    else await startSession(res, user, device);
  }

  router.post('/api/auth/login', (req, res) => signIn(req, res, () => true));
  // A member's correct password at the admin door is a failed admin sign-in: same 401.
  router.post('/api/admin/login', (req, res) => signIn(req, res, (user) => user.role === 'admin'));

  /**
   * The second step of a sign-in: the challenge and a code. Wrong codes count as failed
   * sign-ins of the account; the challenge is used up by the success.
   */
  router.post('/api/auth/login/two-step', async (req, res) => {
    const { challenge, code } = parse(twoStepSignInInputSchema, req.body);
    const userId = await twoStep.challengedUser(challenge);
    const challenged = userId === undefined ? undefined : await findUser(userId);
    if (!challenged) throw new HttpError(401, TWO_STEP_MESSAGES.expired);
    const device = devices.read(req.cookies?.[deviceCookie], challenged.email);
    const user = await limiter({ email: challenged.email, ip: req.ip ?? 'unknown', device }, async () =>
      (await twoStep.verify(challenged, code)) ? challenged : undefined,
    );
    if (!user) throw new HttpError(401, TWO_STEP_MESSAGES.wrongCode);
    if (!(await twoStep.closeChallenge(challenge))) throw new HttpError(401, TWO_STEP_MESSAGES.expired);
    await startSession(res, user, device);
  });

  router.get('/api/auth/me', sessions.requireUser, async (req, res) => {
    const user = await findUser(Number(req.session!.sub));
    if (!user) throw new HttpError(401, 'Please sign in to continue');
    res.json(toCurrentUser(user));
  });

  /** Revokes the session server-side (a replayed token is refused) and clears the cookie. */
  async function signOut(req: Request, res: Response) {
    const session = await sessions.read(req);
    if (session) await issuer.revoke(session);
    res.clearCookie(sessions.cookieName, cookie);
  }
  router.post('/api/auth/logout', async (req, res) => {
    await signOut(req, res);
    res.json({ ok: true, message: 'Logged out successfully' });
  });
  router.get('/api/auth/logout', async (req, res) => {
    await signOut(req, res);
    res.redirect(303, '/');
  });
  return router;
}
