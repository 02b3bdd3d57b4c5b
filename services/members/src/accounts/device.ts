import { createHmac, randomBytes } from 'node:crypto';
import { hostCookieName } from '@coach/kit';
import type { Request } from 'express';
import { taggedIds } from '../signing.ts';
import { accountKey, type LoginLimiter } from './login-limiter.ts';

/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/** A device id as this service makes them: 16 random bytes in base64url. */
const DEVICE_ID = /^[\w-]{1,64}$/;

/** The device cookie's name. */
export const deviceCookieName = (cookieSecure: boolean) => hostCookieName('coach_device', cookieSecure);

/**
 * Device cookies: a browser that signed in to an account successfully gets `<id>.<mac>`, a random
 * device id with an HMAC binding it to that account. Only this service holds the key (it is
 * derived from the session signing key), so nobody can make one for an account they could not
 * sign in to, and one made for another account is worth nothing here.
 */
export function createDeviceCookies(secret: string) {
  const key = createHmac('sha256', secret).update('coach-device-cookie').digest();
  /** The cookies of one account: the tag binds the device id to the account's e-mail. */
  const cookiesOf = (email: string) =>
    taggedIds((id) => createHmac('sha256', key).update(`${id}.${accountKey(email)}`).digest('base64url'), {
      separator: '.',
      id: DEVICE_ID,
    });

  /** The device id of a cookie genuinely issued for this e-mail's account, else undefined. */
  function read(value: unknown, email: string): string | undefined {
    return typeof value === 'string' ? cookiesOf(email).idOf(value) : undefined;
  }

  /** The cookie value for a successful sign-in: the browser's device id kept, or a new one. */
  function issue(email: string, id = randomBytes(16).toString('base64url')): string {
    return cookiesOf(email).sign(id);
  }
  return { read, issue };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/**
 * Whether `check` (a password, a code) holds for a signed-in account, guessed under the same
 * limits as a sign-in from this address and device: a stolen session cannot guess freely.
 */
export async function checkedUnderSignInLimits(
  deps: { limiter: LoginLimiter; devices: DeviceCookies; deviceCookie: string },
  req: Request,
  email: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const device = deps.devices.read(req.cookies?.[deps.deviceCookie], email);
  const passed = await deps.limiter({ email, ip: req.ip ?? 'unknown', device }, async () =>
    (await check()) ? true : undefined,
  );
  return passed === true;
}
