import {
  twoStepDisableInputSchema,
  twoStepEnableInputSchema,
  twoStepSignInInputSchema,
  type Accepted,
  type TwoStepRecoveryCodes,
  type TwoStepSetup,
  type TwoStepStatus,
} from '@coach/contracts';
import { HttpError, noStore, parse, type SessionVerifier } from '@coach/kit';
import { Router, type Request } from 'express';
import { checkedUnderSignInLimits, deviceCookieName, type DeviceCookies } from '../accounts/device.ts';
import type { LoginLimiter } from '../accounts/login-limiter.ts';
import { hasTwoStep } from '../accounts/model.ts';
import { verifyPassword } from '../accounts/password.ts';
import { sessionStarter } from '../accounts/routes.ts';
import { findUser } from '../accounts/service.ts';
import type { SessionIssuer } from '../accounts/sessions.ts';
import { TWO_STEP_MESSAGES, type TwoStep } from './service.ts';

export interface TwoStepDeps {
  sessions: SessionVerifier;
  issuer: SessionIssuer;
  twoStep: TwoStep;
  limiter: LoginLimiter;
  devices: DeviceCookies;
  cookieSecure: boolean;
}

/**
 * A sign-in's second step, and the signed-in account's two-step sign-in settings: status, set-up,
 * confirmation, turning off.
 */
export function twoStepRoutes(deps: TwoStepDeps): Router {
  const { sessions, twoStep, limiter, devices, cookieSecure } = deps;
  const router = Router();
  const deviceCookie = deviceCookieName(cookieSecure);
  const startSession = sessionStarter(deps);

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

  router.use('/api/auth/two-step', sessions.requireUser, noStore);

  const signedInUser = async (req: Request) => {
    const user = await findUser(Number(req.session!.sub));
    if (!user) throw new HttpError(401, 'Please sign in to continue');
    return user;
  };

  router.get('/api/auth/two-step', async (req, res) => {
    const answer: TwoStepStatus = await twoStep.status(Number(req.session!.sub));
    res.json(answer);
  });

  router.post('/api/auth/two-step/setup', async (req, res) => {
    const answer: TwoStepSetup = await twoStep.setup(await signedInUser(req));
    res.json(answer);
  });

  const limits = { limiter, devices, deviceCookie };

  /** Turning on takes the password too: a stolen session alone must not lock the owner out. */
  router.post('/api/auth/two-step/enable', async (req, res) => {
    const { password, code } = parse(twoStepEnableInputSchema, req.body);
    const user = await signedInUser(req);
    if (!(await checkedUnderSignInLimits(limits, req, user.email, () => verifyPassword(user.password, password)))) {
      const { wrongPassword } = TWO_STEP_MESSAGES;
      throw new HttpError(400, wrongPassword, [{ path: 'password', message: wrongPassword }]);
    }
    const answer: TwoStepRecoveryCodes = { recoveryCodes: await twoStep.enable(user, code) };
    res.json(answer);
  });

  /** Turning off takes the password and a code. */
  router.post('/api/auth/two-step/disable', async (req, res) => {
    const { password, code } = parse(twoStepDisableInputSchema, req.body);
    const user = await signedInUser(req);
    if (!hasTwoStep(user)) throw new HttpError(409, TWO_STEP_MESSAGES.notOn);
    const confirmed = await checkedUnderSignInLimits(
      limits,
      req,
      user.email,
      async () => (await verifyPassword(user.password, password)) && (await twoStep.verify(user, code)),
    );
    if (!confirmed) throw new HttpError(403, TWO_STEP_MESSAGES.wrongPasswordOrCode);
    await twoStep.disable(user._id);
    const answer: Accepted = { ok: true, message: 'Two-step sign-in is off' };
    res.json(answer);
  });
  return router;
}
