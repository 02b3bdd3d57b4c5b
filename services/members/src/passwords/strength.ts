import { createHash } from 'node:crypto';
import { PASSWORD_BREACHED, PASSWORD_TOO_COMMON } from '@coach/contracts';
import { HttpError, type Logger } from '@coach/kit';
import type { PasswordPolicy } from '../accounts/routes.ts';
import { isTooGuessable } from './estimator.ts';

export interface BreachedPasswordSettings {
  enabled: boolean;
  /** The range API's base: the first five hex digits of the password's SHA-1 are appended. */
  apiUrl: string;
  timeoutMs: number;
}

/**
 * Whether the breached-password range API lists the password. Only the first five hex digits of
 * its SHA-1 leave the service (k-anonymity), and the answer is padded so its size tells nothing.
 * Undefined when the API could not be asked or did not answer in time.
 */
async function isBreached(password: string, { apiUrl, timeoutMs }: BreachedPasswordSettings, logger: Logger) {
  const sha1 = createHash('sha1').update(password).digest('hex').toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const res = await fetch(`${apiUrl.replace(/\/+$/, '')}/${prefix}`, {
      headers: { 'Add-Padding': 'true' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`answered ${res.status}`);
    for (const line of (await res.text()).split('\n')) {
      const [candidate, count] = line.trim().split(':');
      if (candidate?.toUpperCase() === suffix) return Number(count) > 0;
    }
    return false;
  } catch (err) {
    logger.warn({ reason: (err as Error).message }, 'breached-password check unavailable; password accepted');
    return undefined;
  }
}

/**
 * The one rule every new password passes (sign-up, reset, change): not in the common-password
 * lists, not built from the person's own name, username or e-mail and, where the operator turned
 * the check on, not in the breached-password lists. A breached check that fails or times out
 * never refuses a password. A refusal is a 400 with the issue on `field`.
 */
export function createPasswordPolicy(breached: BreachedPasswordSettings, logger: Logger): PasswordPolicy {
  return async function assertAcceptable(password: string, field: string, userInputs: readonly string[]) {
    const refuse = (message: string) => new HttpError(400, message, [{ path: field, message }]);
    if (await isTooGuessable(password, userInputs)) throw refuse(PASSWORD_TOO_COMMON);
    if (breached.enabled && (await isBreached(password, breached, logger))) throw refuse(PASSWORD_BREACHED);
  };
}
