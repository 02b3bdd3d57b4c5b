import { RESOURCE_UPLOAD_PATH, WEBHOOK_PATHS } from '@coach/contracts';
import { DEFAULT_SITE_IDENTITY } from '@coach/site-rules';
import mongoose from 'mongoose';
import {
  addHealth,
  createApp,
  createSessionVerifier,
  finishApp,
  type Logger,
  type PublishEvent,
  type Redis,
} from '@coach/kit';
import type { Express } from 'express';
import { createDeviceCookies } from './accounts/device.ts';
import { createLoginLimiter, type LoginLimits } from './accounts/login-limiter.ts';
import { authRoutes } from './accounts/routes.ts';
import { createSessionIssuer } from './accounts/sessions.ts';
import { adminUserRoutes } from './admin/routes.ts';
import { createMemberRefs } from './bookings/memberRef.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { clientAdminRoutes } from './clients/routes.ts';
import type { CheckoutService } from './checkout/service.ts';
import type { RazorpayKeys } from './checkout/razorpay.ts';
import { bookingRoutes, type BookingKeys } from './bookings/routes.ts';
import { communityRoutes, moderationRoutes } from './community/routes.ts';
import { passwordRoutes, type PasswordResetLimits } from './passwords/routes.ts';
import { createPasswordPolicy, type BreachedPasswordSettings } from './passwords/strength.ts';
import { portalRoutes } from './portal/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { programAdminRoutes } from './programs/routes.ts';
import { startJourney } from './profile/service.ts';
import { twoStepRoutes } from './two-step/routes.ts';
import { createTwoStepSecrets } from './two-step/secrets.ts';
import { createTwoStep } from './two-step/service.ts';

export interface MembersDeps {
  logger: Logger;
  redis: Redis;
  publish: PublishEvent;
  sessionPublicKey: string;
  sessionPrivateKey: string;
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  cookieSecure: boolean;
  /** The key two-step secrets are encrypted with, and the name authenticator apps show. */
  twoStepKey: string;
  twoStepIssuer: string;
  loginLimits: LoginLimits;
  passwordResetLimits: PasswordResetLimits;
  breachedPasswords: BreachedPasswordSettings;
  /** The booking pages' webhook keys; without one, its endpoint accepts nothing. */
  bookingKeys?: BookingKeys;
  /** Sales and Razorpay's checkout; without keys the site takes no payments. */
  checkout: { service: CheckoutService; keys?: RazorpayKeys };
  /** Where the browser loads Razorpay's checkout script from. */
  checkoutUrl?: string;
  /** The booking page the client's space links to once she may book (COACH_BOOKING_URL). */
  bookingUrl?: string;
}

/** The members service's HTTP app: accounts and sessions, Sacred Circle, profile, booked sessions, admin users. */
export function buildMembersApp(deps: MembersDeps): Express {
  const { logger, redis, publish } = deps;
  const app = createApp(logger, {
    signedBodyPaths: Object.values(WEBHOOK_PATHS),
    multipartPaths: [RESOURCE_UPLOAD_PATH],
  });
  const sessions = createSessionVerifier(deps.sessionPublicKey, redis, deps.cookieSecure);
  const issuer = createSessionIssuer(redis, {
    privateKey: deps.sessionPrivateKey,
    ttlSeconds: deps.sessionTtlSeconds,
    idleSeconds: deps.sessionIdleSeconds,
  });
  const limiter = createLoginLimiter(redis, deps.loginLimits);
  addHealth(app, redis, { mongo: mongoose.connection });
  const devices = createDeviceCookies(deps.sessionPrivateKey);
  const twoStep = createTwoStep(redis, createTwoStepSecrets(deps.twoStepKey), deps.twoStepIssuer);
  const passwordPolicy = createPasswordPolicy(deps.breachedPasswords, logger);
  const { cookieSecure } = deps;
  // Booking links' member references are keyed with the session key: only this service makes them.
  // First of the routes: a provider's burst of deliveries is matched against these alone.
  app.use(
    bookingRoutes(sessions, { keys: deps.bookingKeys ?? {}, refs: createMemberRefs(deps.sessionPrivateKey), logger }),
  );
  app.use(
    authRoutes({
      sessions,
      issuer,
      limiter,
      devices,
      publish,
      passwordPolicy,
      secondStep: twoStep,
      openJourney: startJourney,
      cookieSecure,
    }),
  );
  app.use(twoStepRoutes({ sessions, issuer, twoStep, limiter, devices, cookieSecure }));
  app.use(
    passwordRoutes({
      sessions,
      issuer,
      limiter,
      devices,
      publish,
      policy: passwordPolicy,
      redis,
      resetLimits: deps.passwordResetLimits,
      cookieSecure,
    }),
  );
  app.use(communityRoutes(sessions, publish, logger));
  app.use(moderationRoutes(sessions));
  app.use(profileRoutes(sessions));
  app.use(
    checkoutRoutes(sessions, {
      ...deps.checkout,
      checkoutUrl: deps.checkoutUrl ?? 'https://checkout.razorpay.com/v1/checkout.js',
      cookieSecure,
    }),
  );
  app.use(adminUserRoutes(sessions, issuer));
  app.use(programAdminRoutes(sessions));
  app.use(clientAdminRoutes(sessions, publish));
  app.use(
    portalRoutes(sessions, {
      bookingUrl: deps.bookingUrl ?? DEFAULT_SITE_IDENTITY.bookingUrl,
      refs: createMemberRefs(deps.sessionPrivateKey),
    }),
  );
  return finishApp(app, logger);
}
