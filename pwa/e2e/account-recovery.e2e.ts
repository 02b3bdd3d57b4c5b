import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { outboxMails } from './outbox.ts';
import { noticeArea } from './page-checks.ts';
import { signInThroughForm } from './sign-in.ts';
import { uniqueAccount } from './site-api.ts';

/** A new account, made through the API. */
async function newAccount(request: APIRequestContext, prefix: string) {
  const account = uniqueAccount('Recovering Seeker', prefix, 'Morning-Dew-Path-3');
  expect((await request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  return account;
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(/\/community$/);
}

/** A second browser, signed in to the account: the "other device" whose session must end. */
async function otherDevice(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** Whether a browser is still signed in: the profile shows the member's name, or asks to sign in. */
async function expectSignedIn(page: Page, name: string, signedIn: boolean) {
  await page.goto('/profile');
  if (signedIn) await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  else await expect(noticeArea(page)).toContainText('Please log in to access your profile');
}

/** The password reset e-mails the real ai-worker wrote to the stack's outbox for an address. */
function resetMailsTo(address: string): string[] {
  return outboxMails()
    .filter((mail) => new RegExp(`^To: .*${address.replace(/[.]/g, '\\.')}`, 'mi').test(mail))
    .filter((mail) => /^Subject: Reset your password\r?$/m.test(mail));
}

test('a member who forgot her password resets it from the e-mail, and her old sessions end', async ({
  page,
  request,
  browser,
}) => {
  const account = await newAccount(request, 'forgot');
  const elsewhere = await otherDevice(browser, account);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The sign-in form stays on screen until the next page's code is in: its own Email field is not this one.
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'a link to reset its password is on its way' }),
  ).toBeVisible();

  await expect.poll(() => resetMailsTo(account.email).length, { timeout: 20_000 }).toBe(1);
  const [mail] = resetMailsTo(account.email);
  const link = mail!.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/)?.[0];
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link!);

  // The link opens the page on this site (SITE_URL may name another host).
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('password1');
  await expect(page.getByText(/Password strength: Too easy to guess/)).toBeVisible();
  await page.getByLabel(/^Confirm new password/).fill('password1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText(/This password is too common/).first()).toBeVisible();

  const newPassword = 'Evening-Tide-Lantern-5';
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'sign in with your new password' })).toBeVisible();
  await page.locator('#main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, { email: account.email, password: newPassword });
  await expectSignedIn(elsewhere, account.name, false);

  // The link works once.
  await page.goto(`${pathname}${search}`);
  await page.getByLabel(/^New password/).fill('Another-Quiet-Dawn-6');
  // The strength meter's verdict comes a moment later, into room kept for it: the button stays put.
  const setPassword = page.getByRole('button', { name: 'Set New Password' });
  const buttonTop = () => setPassword.evaluate((button) => button.getBoundingClientRect().top);
  const topBefore = await buttonTop();
  await expect(page.getByText('Password strength: Strong')).toBeVisible();
  expect(await buttonTop()).toBe(topBefore);
  await page.getByLabel(/^Confirm new password/).fill('Another-Quiet-Dawn-6');
  await setPassword.click();
  await expect(page.getByRole('alert').filter({ hasText: 'This reset link has already been used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute('href', '/forgot-password');
  await elsewhere.context().close();
});

test('the admin login leads to the same reset page', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
});

test('a member changes her password in the profile: this browser stays signed in, the others are signed out', async ({
  page,
  request,
  browser,
}) => {
  const account = await newAccount(request, 'change');
  const elsewhere = await otherDevice(browser, account);
  await signIn(page, account);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel(/^Current password/).fill('Not-My-Password-9');
  await form.getByLabel(/^New password/).fill('Evening-Tide-Lantern-5');
  await form.getByLabel(/^Confirm new password/).fill('Evening-Tide-Lantern-5');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Your current password is not correct.')).toBeVisible();

  await form.getByLabel(/^Current password/).fill(account.password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(noticeArea(page)).toContainText('Password changed');
  await expect(form.getByLabel(/^New password/)).toHaveValue('');

  await expectSignedIn(page, account.name, true);
  await expectSignedIn(elsewhere, account.name, false);
  const fresh = await otherDevice(browser, { email: account.email, password: 'Evening-Tide-Lantern-5' });
  await expectSignedIn(fresh, account.name, true);
  await Promise.all([elsewhere.context().close(), fresh.context().close()]);
});

test('after sign-up the sign-in form starts with the new e-mail and keeps what is typed at once', async ({ page }) => {
  const id = Date.now().toString(36);
  const email = `fresh.${id}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Fresh Seeker');
  await page.getByLabel('Username').fill(`fresh_${id}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('Morning-Dew-Path-3');
  await expect(page.getByText('Password strength: Strong')).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Typed the moment the sign-in form is there, as a person (or a password manager) would.
  const signInForm = page.getByRole('form', { name: 'Sign in' });
  await signInForm.getByLabel(/^Password/).fill('Morning-Dew-Path-3');
  await expect(signInForm.getByLabel('Email')).toHaveValue(email);
  await page.waitForTimeout(1000);
  await expect(signInForm.getByLabel('Email')).toHaveValue(email);
  await expect(signInForm.getByLabel(/^Password/)).toHaveValue('Morning-Dew-Path-3');
  await signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/community$/);
});
