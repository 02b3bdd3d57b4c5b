import { DEMO_ADMIN, requestFrom } from '@coach/dev-stack';
import { expect, test } from '@playwright/test';
import { noticeArea } from './page-checks.ts';
import { E2E_PORT } from './playwright.config.ts';
import { signInThroughForm } from './sign-in.ts';
import { coachSignIn } from './workspace-nav.ts';

// The browser and the attacker both come from 127.0.0.1 (localhost may resolve to ::1 instead).
const site = `http://127.0.0.1:${E2E_PORT}`;
test.use({ baseURL: site });

/** A sign-in through the gateway by a client on the loopback address `from`, not a browser. */
const signInFrom = (from: string, account: { email: string; password: string }, door = '/api/auth/login') =>
  requestFrom(`${site}${door}`, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });

test('wrong passwords from the owner’s own address do not lock out the browser she signed in with before', async ({
  page,
  browser,
}) => {
  const id = Date.now().toString(36);
  const account = { email: `owner.${id}@example.com`, password: 'Steady-Breath-2025' };
  const signup = await requestFrom(`${site}/api/auth/signup`, {
    method: 'POST',
    from: '127.0.0.9',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, name: 'Lockout Owner', username: `owner_${id}` }),
  });
  expect(signup.status).toBe(201);

  await signInThroughForm(page, account);
  await expect(noticeArea(page)).toContainText('Welcome back!');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'coach_device')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.context().clearCookies({ name: 'coach_session' });

  // The attacker shares the browser's address (the loopback one) and spends the account's limit there.
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++)
    statuses.push((await signInFrom('127.0.0.1', { ...account, password: `Guess-${i}-x` })).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

  // A browser that never signed in to the account is refused at that address, even with the right password.
  const stranger = await browser.newPage();
  await signInThroughForm(stranger, account);
  await expect(noticeArea(stranger)).toContainText('Too many failed sign-in attempts');
  await stranger.close();

  await signInThroughForm(page, account);
  await expect(noticeArea(page)).toContainText('Welcome back!');
  await expect(page).toHaveURL(/\/community$/);
  // And from any other address the owner signs in as well.
  expect((await signInFrom('127.0.0.10', account)).status).toBe(200);
});

test('guesses at the coach’s password from another address do not keep her out of the dashboard', async ({ page }) => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++)
    statuses.push(
      (await signInFrom('127.0.0.77', { ...DEMO_ADMIN, password: `Guess-${i}-x` }, '/api/admin/login')).status,
    );
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  // Her right password from that address is refused too: the guessing there stays slowed.
  expect((await signInFrom('127.0.0.77', DEMO_ADMIN, '/api/admin/login')).status).toBe(429);

  await coachSignIn(page);
});
