import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { noticeArea } from './page-checks.ts';
import { signInThroughForm } from './sign-in.ts';

/** The code an authenticator app shows for the key, `stepsAhead` time steps from now. */
function authenticatorCode(key: string, stepsAhead = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(key) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * totp.period * 1000 });
}

async function signInWithPassword(page: Page, account: { email: string; password: string }) {
  await signInThroughForm(page, account);
  await expect(page.getByRole('heading', { name: 'Two-Step Sign-In' })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The site's own logout navigation. */
async function signOut(page: Page) {
  await page.goto('/api/auth/logout');
  await expect(page).toHaveURL(/\/$/);
}

test('a member turns on two-step sign-in, then signs in with a code and with a recovery code once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  const account = { email: `twostep.${id}@example.com`, password: 'Quiet-Lantern-2025' };
  const signup = await page.request.post('/api/auth/signup', {
    data: { ...account, name: 'Two Step', username: `twostep_${id}` },
  });
  expect(signup.status()).toBe(201);

  await signInThroughForm(page, account);
  await expect(noticeArea(page)).toContainText('Welcome back!');

  // Turn it on in the profile's Security section: scan (here: read) the key, confirm with the
  // password and a code.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const key = (await page.getByLabel('Setup key').textContent())!.replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const confirmForm = page.getByRole('form', { name: 'Confirm two-step sign-in' });
  await confirmForm.getByLabel(/^Password\W*$/).fill(`${account.password}!`);
  await confirmForm.getByLabel(/^6-digit code/).fill(authenticatorCode(key));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirmForm.getByText('The password is not right.')).toBeVisible();
  await confirmForm.getByLabel(/^Password\W*$/).fill(account.password);
  await page.getByRole('button', { name: 'Confirm' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('Two-step sign-in is on. You have 10 recovery codes left.')).toBeVisible();
  await expect(page.getByLabel('Setup key')).toHaveCount(0);

  // The password alone no longer signs in; a wrong code is refused, a right one lets her in.
  await signOut(page);
  await signInWithPassword(page, account);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await enterCode(page, '000000');
  await expect(page.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();
  // The code that turned it on was used; the authenticator's next one (a clock slightly ahead) is new.
  await enterCode(page, authenticatorCode(key, 1));
  await expect(noticeArea(page)).toContainText('Welcome back!');
  await expect(page).toHaveURL(/\/community$/);

  // A recovery code works once.
  await signOut(page);
  await signInWithPassword(page, account);
  await enterCode(page, recoveryCodes[0]);
  await expect(noticeArea(page)).toContainText('Welcome back!');
  await expect(page).toHaveURL(/\/community$/);

  await signOut(page);
  await signInWithPassword(page, account);
  await enterCode(page, recoveryCodes[0]);
  await expect(page.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});
