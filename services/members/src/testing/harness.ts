import { WEBHOOK_PATHS, type CommunityPost } from '@coach/contracts';
import { nextLink } from '@coach/site-rules';
import { sessionCookieName } from '@coach/kit';
import { listen, startDataServers } from '@coach/dev-stack';
import { deviceCookieName } from '../accounts/device.ts';
import type { LoginLimits } from '../accounts/login-limiter.ts';
import type { BookingKeys } from '../bookings/routes.ts';
import { CHECKOUT_COOKIE } from '../checkout/routes.ts';
import { membersEnvSchema } from '../config.ts';
import type { PasswordResetLimits } from '../passwords/routes.ts';
import type { BreachedPasswordSettings } from '../passwords/strength.ts';
import { startMembersService } from '../start.ts';

export const TEST_ADMIN = { email: 'coach@example.com', password: 'Admin-Passw0rd!', name: 'Coach Ananda' };
export const SESSION_TTL_SECONDS = 3600;
/** The name of the session cookie over plain HTTP, as these tests run unless told otherwise. */
const SESSION_COOKIE = sessionCookieName(false);
const DEVICE_COOKIE = deviceCookieName(false);

export interface MembersOptions {
  loginLimits?: Partial<LoginLimits>;
  passwordResetLimits?: Partial<PasswordResetLimits>;
  breachedPasswords?: BreachedPasswordSettings;
  sessionIdleSeconds?: number;
  cookieSecure?: boolean;
  bookingKeys?: BookingKeys;
  /** Razorpay's stand-in: the service takes payments through it, and it sends its webhooks here. */
  razorpay?: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string; webhookUrl?: string };
}

/** A setting's value as the environment gives it; unset when undefined. */
const setting = (value: string | number | boolean | undefined) => (value === undefined ? undefined : String(value));

/**
 * The members service in-process, wired by the same startMembersService as its main.ts (the
 * background work left out), against a real mongod and redis-server of its own, listening on a
 * free port, with the test admin created as at start.
 */
export async function startMembers({
  loginLimits = {},
  passwordResetLimits = {},
  breachedPasswords = { enabled: false, apiUrl: 'http://127.0.0.1:9/range', timeoutMs: 1000 },
  sessionIdleSeconds = 3600,
  cookieSecure = false,
  bookingKeys,
  razorpay,
}: MembersOptions = {}) {
  const servers = await startDataServers('members-test');
  const { keys } = servers;
  const logins = {
    maxFailuresPerAccount: 5,
    maxFailuresPerAccountGlobal: 100,
    maxFailuresPerIp: 50,
    windowSeconds: 900,
    ...loginLimits,
  };
  const resets = { maxRequestsPerIp: 20, maxEmailsPerAccount: 3, ...passwordResetLimits };
  const config = membersEnvSchema.parse({
    LOG_LEVEL: 'silent',
    MONGO_URL: servers.mongoUrl,
    REDIS_URL: servers.redisUrl,
    SESSION_PUBLIC_KEY: keys.publicKey,
    SESSION_PRIVATE_KEY: keys.privateKey,
    SESSION_TTL_HOURS: setting(SESSION_TTL_SECONDS / 3600),
    COOKIE_SECURE: setting(cookieSecure),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_NAME: TEST_ADMIN.name,
    COACH_BRAND: 'Coach Test',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: setting(logins.maxFailuresPerAccount),
    LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL: setting(logins.maxFailuresPerAccountGlobal),
    LOGIN_MAX_FAILURES_PER_IP: setting(logins.maxFailuresPerIp),
    LOGIN_FAILURE_WINDOW_SECONDS: setting(logins.windowSeconds),
    PASSWORD_RESET_MAX_PER_IP: setting(resets.maxRequestsPerIp),
    PASSWORD_RESET_MAX_PER_ACCOUNT: setting(resets.maxEmailsPerAccount),
    BREACHED_PASSWORD_CHECK: setting(breachedPasswords.enabled),
    BREACHED_PASSWORD_API_URL: breachedPasswords.apiUrl,
    BREACHED_PASSWORD_TIMEOUT_MS: setting(breachedPasswords.timeoutMs),
    CALENDLY_WEBHOOK_SIGNING_KEY: bookingKeys?.calendlySigningKey,
    CAL_WEBHOOK_SECRET: bookingKeys?.calSecret,
    RAZORPAY_KEY_ID: razorpay?.keyId,
    RAZORPAY_KEY_SECRET: razorpay?.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay?.webhookSecret,
    RAZORPAY_API_URL: razorpay?.apiUrl,
  });
  const members = await startMembersService(config, { sessionIdleSeconds });
  const { logger, redis, queues, checkout } = members;
  const server = await listen(members.app);
  const url = server.url;
  if (razorpay) razorpay.webhookUrl = `${url}${WEBHOOK_PATHS.razorpay}`;

  async function stop() {
    await server.close();
    for (const close of members.closers) await close();
    await servers.stop();
  }
  return { url, keys, redis, queues, logger, checkout, stop };
}
export type Members = Awaited<ReturnType<typeof startMembers>>;

/**
 * A browser-like caller of one service: JSON bodies, and the session and device cookies kept
 * between calls.
 */
export function caller(baseUrl: string, ip?: string) {
  const jar = new Map<string, string>();
  const keep = (name: string, value: string | undefined) => (value ? jar.set(name, value) : jar.delete(name));
  async function call(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { ...extra };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (ip) headers['x-forwarded-for'] = ip;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (name === SESSION_COOKIE || name === DEVICE_COOKIE || name === CHECKOUT_COOKIE)
        keep(name, pair.slice(pair.indexOf('=') + 1));
    }
    const text = await res.text();
    const json = res.headers.get('content-type')?.startsWith('application/json');
    return { status: res.status, headers: res.headers, body: json ? JSON.parse(text) : text || undefined };
  }
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}, headers?: Record<string, string>) => call('POST', path, body, headers),
    put: (path: string, body: unknown = {}) => call('PUT', path, body),
    patch: (path: string, body: unknown = {}) => call('PATCH', path, body),
    delete: (path: string) => call('DELETE', path),
    get token() {
      return jar.get(SESSION_COOKIE);
    },
    set token(value: string | undefined) {
      keep(SESSION_COOKIE, value);
    },
    /** The device cookie's value, which a successful sign-in sets. */
    get device() {
      return jar.get(DEVICE_COOKIE);
    },
    set device(value: string | undefined) {
      keep(DEVICE_COOKIE, value);
    },
  };
}
export type Caller = ReturnType<typeof caller>;

let counter = 0;
/** Sign-up details no other test uses. */
export function newMember(prefix = 'member') {
  counter += 1;
  const tag = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Member ${tag}`, username: tag, email: `${tag}@example.com`, password: 'Gentle-Breath-42' };
}

/** Signs up a new member and signs them in; returns the signed-in caller and the details. */
export async function signedInMember(baseUrl: string, prefix?: string) {
  const details = newMember(prefix);
  const member = caller(baseUrl);
  const signup = await member.post('/api/auth/signup', details);
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await member.post('/api/auth/login', { email: details.email, password: details.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { member, details, id: Number(signup.body.id) };
}

/** Signs the coach (TEST_ADMIN) in; returns her signed-in caller. */
export async function signedInCoach(baseUrl: string): Promise<Caller> {
  const coach = caller(baseUrl);
  const login = await coach.post('/api/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
  return coach;
}

/** Every page of the Sacred Circle's feed a member reads, following its Link headers from the newest. */
export async function feedPages(member: Caller): Promise<CommunityPost[][]> {
  const pages: CommunityPost[][] = [];
  for (let next: string | null = '/api/community/posts'; next;) {
    const res = await member.get(next);
    if (res.status !== 200) throw new Error(`${next} answered ${res.status}: ${JSON.stringify(res.body)}`);
    pages.push(res.body as CommunityPost[]);
    next = nextLink(res.headers.get('link'));
  }
  return pages;
}
