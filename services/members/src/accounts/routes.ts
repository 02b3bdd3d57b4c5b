import { loginInputSchema, signupInputSchema, type CurrentUser } from '@coach/contracts';
import { HttpError, parse, type SessionVerifier, type PublishEvent } from '@coach/kit';
import { Router, type CookieOptions, type Request, type Response } from 'express';
import { DEVICE_COOKIE_MAX_AGE_MS, deviceCookieName, type DeviceCookies } from './device.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { UserDoc } from './model.ts';
import { authenticate, findUser, signup, toCurrentUser } from './service.ts';
import type { SessionIssuer } from './sessions.ts';

/** One answer for an unknown e-mail, a wrong password and a member at the admin door. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface AuthDeps {
  sessions: SessionVerifier;
  issuer: SessionIssuer;
  limiter: LoginLimiter;
  devices: DeviceCookies;
  publish: PublishEvent;
  cookieSecure: boolean;
}

export function authRoutes({ sessions, issuer, limiter, devices, publish, cookieSecure }: AuthDeps): Router {
  const router = Router();
  const cookie: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: cookieSecure, path: '/' };
  const deviceCookie = deviceCookieName(cookieSecure);
  router.use(['/api/auth', '/api/admin/login'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/api/auth/signup', async (req, res) => {
    const input = parse(signupInputSchema, req.body);
    const user = await signup(input);
    // The account exists whatever happens to the welcome e-mail; a lost event is logged, not fatal.
    await publish(
      'member.signed_up',
      { userId: user._id, name: user.name, email: user.email },
      `user-${user._id}`,
    ).catch((err: unknown) => req.log.error({ err, userId: user._id }, 'member.signed_up not published'));
    res.status(201).json(toCurrentUser(user));
  });

  /**
   * Checks the credentials under the brute-force limits, then sets the session cookie and the
   * device cookie that lets this browser past lockouts of this account that others caused.
   */
  async function signIn(req: Request, res: Response, admit: (user: UserDoc) => boolean) {
    const { email, password } = parse(loginInputSchema, req.body);
    const device = devices.read(req.cookies?.[deviceCookie], email);
    const user = await limiter({ email, ip: req.ip ?? 'unknown', device }, async () => {
      const found = await authenticate(email, password);
      return found && admit(found) ? found : undefined;
    });
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS);
    const { token, maxAgeMs } = await issuer.issue(user);
    res.cookie(sessions.cookieName, token, { ...cookie, maxAge: maxAgeMs });
    res.cookie(deviceCookie, devices.issue(email, device), { ...cookie, maxAge: DEVICE_COOKIE_MAX_AGE_MS });
    const answer: CurrentUser = toCurrentUser(user);
    res.json(answer);
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
