import { DEMO_ADMIN } from '@coach/dev-stack';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Sign-up details no other test or run uses: the name given, and a username and e-mail address
 * made from `handle` and the moment.
 */
export function uniqueAccount(name: string, handle: string, password: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name, username: `${handle}_${id}`, email: `${handle}.${id}@example.com`, password };
}

/** Reads an admin list back through the real API, signed in as the seeded coach. */
export async function adminList<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const login = await request.post('/api/admin/login', { data: DEMO_ADMIN });
  expect(login.ok()).toBe(true);
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  return (await res.json()) as T[];
}
