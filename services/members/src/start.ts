import { defaultBrand } from '@coach/site-rules';
import { connectMongo, createEventPublisher, createLogger, createQueues, createRedis } from '@coach/kit';
import mongoose from 'mongoose';
import { setHashConcurrency } from './accounts/password.ts';
import { ensureAdmin } from './admin/bootstrap.ts';
import { buildMembersApp, type MembersDeps } from './app.ts';
import { startReminderSweep } from './bookings/reminders.ts';
import { razorpayClient, type RazorpayKeys } from './checkout/razorpay.ts';
import { startReconciler } from './checkout/reconciliation.ts';
import { checkoutService } from './checkout/service.ts';
import type { MembersConfig } from './config.ts';
import { seedDemoMember } from './demo/seed.ts';
import { startPortalNotices } from './portal/notices.ts';
import { ensureResourceIndexes } from './programs/resources.ts';

/**
 * The members service wired from its settings: the database and Redis connected, the first admin
 * (and the demo member) made, checkout and the app built. main.ts starts its background work and
 * serves the app; the tests' harness listens on the app. A test may give a session's idle time in
 * seconds (`sessionIdleSeconds`), which the settings count in hours. `closers` stop it all, in
 * order, once the app takes no more requests and the background work has stopped.
 */
export async function startMembersService(
  config: MembersConfig,
  tests: Pick<Partial<MembersDeps>, 'sessionIdleSeconds'> = {},
) {
  const logger = createLogger('members', config.LOG_LEVEL);
  if (config.ARGON2_MAX_CONCURRENCY) setHashConcurrency(config.ARGON2_MAX_CONCURRENCY);
  await connectMongo(config.MONGO_URL, logger);
  await mongoose.connection.syncIndexes();
  await ensureResourceIndexes();
  const redis = createRedis(config, logger);
  const queueConnection = createRedis(config, logger, 'queues');
  const queues = createQueues(queueConnection, logger);
  const publish = createEventPublisher(queues);
  await ensureAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, name: config.ADMIN_NAME }, logger);
  if (config.SEED_DEMO) await seedDemoMember(logger);

  const razorpayKeys: RazorpayKeys | undefined =
    config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET
      ? {
          keyId: config.RAZORPAY_KEY_ID,
          keySecret: config.RAZORPAY_KEY_SECRET,
          webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
          apiUrl: config.RAZORPAY_API_URL,
        }
      : undefined;
  if (!razorpayKeys)
    logger.warn('RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET or RAZORPAY_WEBHOOK_SECRET is unset: the site takes no payments');
  const checkout = {
    keys: razorpayKeys,
    service: checkoutService({
      razorpay: razorpayKeys && { client: razorpayClient(razorpayKeys), keys: razorpayKeys },
      publish,
      logger,
      redis,
      // Like the booking links' member references, keyed with the session key: only this service makes them.
      claimKey: config.SESSION_PRIVATE_KEY,
      coach: {
        name: config.COACH_BRAND ?? config.COACH_NAME,
        email: config.COACH_PUBLIC_EMAIL,
        siteUrl: config.SITE_URL,
        gstin: config.COACH_GSTIN,
      },
    }),
  };

  const app = buildMembersApp({
    logger,
    redis,
    publish,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    sessionPrivateKey: config.SESSION_PRIVATE_KEY,
    sessionTtlSeconds: config.SESSION_TTL_HOURS * 3600,
    sessionIdleSeconds: tests.sessionIdleSeconds ?? config.SESSION_IDLE_HOURS * 3600,
    cookieSecure: config.COOKIE_SECURE,
    twoStepKey: config.TWO_STEP_ENCRYPTION_KEY ?? config.SESSION_PRIVATE_KEY,
    twoStepIssuer: config.COACH_BRAND ?? defaultBrand(config.COACH_NAME),
    loginLimits: {
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAccountGlobal: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL,
      maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    passwordResetLimits: {
      maxRequestsPerIp: config.PASSWORD_RESET_MAX_PER_IP,
      maxEmailsPerAccount: config.PASSWORD_RESET_MAX_PER_ACCOUNT,
    },
    checkout,
    checkoutUrl: config.RAZORPAY_CHECKOUT_URL,
    bookingUrl: config.COACH_BOOKING_URL,
    bookingKeys: { calendlySigningKey: config.CALENDLY_WEBHOOK_SIGNING_KEY, calSecret: config.CAL_WEBHOOK_SECRET },
    breachedPasswords: {
      enabled: config.BREACHED_PASSWORD_CHECK,
      apiUrl: config.BREACHED_PASSWORD_API_URL,
      timeoutMs: config.BREACHED_PASSWORD_TIMEOUT_MS,
    },
  });

  /** The background work: booking reminders, checkout's reconciler, the client's space's notices. Answers its closers. */
  function startBackground(): Array<() => Promise<unknown>> {
    const stopReminders = startReminderSweep(publish, logger);
    const portalNotices = startPortalNotices(
      { connection: queueConnection, queues, publish, logger },
      config.PORTAL_INTAKE_REMINDER_HOURS * 3600_000,
    );
    const stopReconciler = startReconciler(checkout.service, logger);
    return [async () => stopReminders(), async () => stopReconciler(), () => portalNotices.close()];
  }
  const closers: Array<() => Promise<unknown>> = [
    () => queues.close(),
    () => queueConnection.quit(),
    () => redis.quit(),
    () => mongoose.disconnect(),
  ];
  return { app, logger, redis, queues, checkout: checkout.service, startBackground, closers };
}
