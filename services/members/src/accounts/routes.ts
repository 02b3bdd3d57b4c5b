import { loginInputSchema, signupInputSchema, type CurrentUser, type TwoStepChallenge } from '@coach/contracts';
import { HttpError, noStore, parse, type PublishEvent, type SessionVerifier } from '@coach/kit';
import { Router, type CookieOptions, type Request, type Response } from 'express';
import { DEVICE_COOKIE_MAX_AGE_MS, deviceCookieName, type DeviceCookies } from './device.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { hasTwoStep, type UserDoc } from './model.ts';
import { authenticate, findUser, signup, toCurrentUser, type OpenJourney } from './service.ts';
import type { SessionIssuer } from './sessions.ts';

/** One answer for an unknown e-mail, a wrong password and a member at the admin door. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** The session and device cookies' attributes. */
export const authCookieOptions = (cookieSecure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: cookieSecure,
  path: '/',
});

/** The rule every new password passes (the passwords feature makes it): a refusal is a 400 on `field`. */
export type PasswordPolicy = (password: string, field: string, userInputs: readonly string[]) => Promise<void>;

/** What a sign-in asks of two-step sign-in (the two-step feature gives it): a challenge to answer with a code. */
export interface SecondStep {
  openChallenge(user: UserDoc): Promise<TwoStepChallenge>;
}

interface SessionDeps {
  sessions: SessionVerifier;
  issuer: SessionIssuer;
  devices: DeviceCookies;
  cookieSecure: boolean;
}

/**
 * Starts a signed-in session: sets the session cookie and the device cookie that lets this browser
 * past lockouts of this account that others caused, and answers the account.
 */
export function sessionStarter({ sessions, issuer, devices, cookieSecure }: SessionDeps) {
  const cookie = authCookieOptions(cookieSecure);
  const deviceCookie = deviceCookieName(cookieSecure);
  return async function startSession(res: Response, user: UserDoc, device: string | undefined) {
    const { token, maxAgeMs } = await issuer.issue(user);
    res.cookie(sessions.cookieName, token, { ...cookie, maxAge: maxAgeMs });
    res.cookie(deviceCookie, devices.issue(user.email, device), { ...cookie, maxAge: DEVICE_COOKIE_MAX_AGE_MS });
    const answer: CurrentUser = toCurrentUser(user);
    res.json(answer);
  };
}

export interface AuthDeps extends SessionDeps {
  limiter: LoginLimiter;
  publish: PublishEvent;
  passwordPolicy: PasswordPolicy;
  secondStep: SecondStep;
  /** Opens a new account's journey (the profile feature's). */
  openJourney: OpenJourney;
}

export function authRoutes(deps: AuthDeps): Router {
  const { sessions, issuer, limiter, devices, publish, passwordPolicy, secondStep, openJourney, cookieSecure } = deps;
  const router = Router();
  const cookie = authCookieOptions(cookieSecure);
  const deviceCookie = deviceCookieName(cookieSecure);
  const startSession = sessionStarter(deps);
  router.use(['/api/auth', '/api/admin/login'], noStore);

  router.post('/api/auth/signup', async (req, res) => {
    const input = parse(signupInputSchema, req.body);
    await passwordPolicy(input.password, 'password', [input.name, input.username, input.email]);
    const user = await signup(input, openJourney);
    // The account exists whatever happens to the welcome e-mail; a lost event is logged, not fatal.
    await publish(
      'member.signed_up',
      { userId: user._id, name: user.name, email: user.email },
      `user-${user._id}`,
    ).catch((err: unknown) => req.log.error({ err, userId: user._id }, 'member.signed_up not published'));
    res.status(201).json(toCurrentUser(user));
  });

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
    if (hasTwoStep(user)) res.status(202).json(await secondStep.openChallenge(user));
    else await startSession(res, user, device);
  }

  router.post('/api/auth/login', (req, res) => signIn(req, res, () => true));
  // A member's correct password at the admin door is a failed admin sign-in: same 401.
  router.post('/api/admin/login', (req, res) => signIn(req, res, (user) => user.role === 'admin'));

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
