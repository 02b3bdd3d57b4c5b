import { DEMO_ADMIN } from '@coach/dev-stack';
import { until as waitUntil } from '@coach/kit/testing';

export { settle } from '@coach/kit/testing';

/** Waits until `check` holds, looking every 50 ms; fails after `timeoutMs` (a whole stack's 30 s unless told). */
export const until = <T>(check: () => T | Promise<T>, timeoutMs = 30_000) => waitUntil(check, timeoutMs);

/** Sends a request (a JSON body when there is one) and reads its JSON answer, if any. */
export async function requestJson(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Signs the demo coach in at the members service; answers her session's cookie header. */
export async function signInCoach(membersUrl: string): Promise<string> {
  const { headers } = await requestJson(`${membersUrl}/api/admin/login`, 'POST', DEMO_ADMIN);
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
