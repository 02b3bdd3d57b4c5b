import { DEMO_ADMIN } from '@coach/dev-stack';

/** Waits until `check` holds, looking every 50 ms; fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

/** Lets the stack run on a moment, to see that nothing more happens. */
export const settle = (ms = 1500) => new Promise((resolve) => setTimeout(resolve, ms));

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
