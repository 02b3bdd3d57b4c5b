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
import { communityRoutes } from './community/routes.ts';
import { profileRoutes } from './profile/routes.ts';

export interface MembersDeps {
  logger: Logger;
  redis: Redis;
  publish: PublishEvent;
  sessionPublicKey: string;
  sessionPrivateKey: string;
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  cookieSecure: boolean;
  loginLimits: LoginLimits;
}

/** The members service's HTTP app: accounts and sessions, Sacred Circle, profile, admin users. */
export function buildMembersApp(deps: MembersDeps): Express {
  const { logger, redis, publish } = deps;
  const app = createApp(logger);
  const sessions = createSessionVerifier(deps.sessionPublicKey, redis, deps.cookieSecure);
  const issuer = createSessionIssuer(redis, {
    privateKey: deps.sessionPrivateKey,
    ttlSeconds: deps.sessionTtlSeconds,
    idleSeconds: deps.sessionIdleSeconds,
  });
  const limiter = createLoginLimiter(redis, deps.loginLimits);
  addHealth(app, redis, { mongo: mongoose.connection });
  const devices = createDeviceCookies(deps.sessionPrivateKey);
  app.use(authRoutes({ sessions, issuer, limiter, devices, publish, cookieSecure: deps.cookieSecure }));
  app.use(communityRoutes(sessions));
  app.use(profileRoutes(sessions));
  app.use(adminUserRoutes(sessions, issuer));
  return finishApp(app, logger);
}
