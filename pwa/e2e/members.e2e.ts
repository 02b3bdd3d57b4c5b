import { DEMO_MEMBER } from '@coach/dev-stack';
import { expect, test, type Page } from '@playwright/test';
import { noticeArea } from './page-checks.ts';
import { signInThroughForm } from './sign-in.ts';
import { uniqueAccount } from './site-api.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const stat = (page: Page, region: string, label: string) =>
  page.getByRole('region', { name: region }).getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

test.describe('a member’s journey', () => {
  // A signed-in member's header holds the greeting and Logout in the bar from 1400 px (below, in the menu).
  test.use({ viewport: { width: 1440, height: 900 } });

  test('signs up, signs in, shares a post and a reflection, sees the counts on the profile, logs out', async ({
    page,
  }) => {
    const id = Date.now().toString(36);
    const account = uniqueAccount('Playwright Seeker', 'seeker', 'Quiet-Mind-2025');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Create one here' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password\W*$/).fill(account.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel(/^Password\W*$/)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(noticeArea(page)).toContainText('Welcome to the community!');
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughForm(page, account);
    await expect(noticeArea(page)).toContainText('Welcome back!');
    await expect(page).toHaveURL(/\/community$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the circle, Playwright');
    await expect(mainNav(page).getByText(`Welcome, ${account.name}`)).toBeVisible();

    const composer = page.getByRole('textbox', { name: /Your (message|reflection)/ });
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await expect(share).toBeDisabled();
    await composer.fill(`Grateful for this quiet morning ${id}`);
    await share.click();
    await expect(noticeArea(page)).toContainText('Post Shared');
    await expect(composer).toHaveValue('');

    const prompt =
      (await page.getByRole('region', { name: 'Weekly Reflection' }).locator('p').first().textContent()) ?? '';
    expect(prompt.length).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Reflect & Share' }).click();
    await expect(page.getByRole('region', { name: 'Share Your Reflection' })).toContainText(prompt);
    await composer.fill(`I am ready to release my old fears ${id}`);
    await share.click();
    await expect(noticeArea(page)).toContainText('Post Shared');
    await expect(page.getByRole('button', { name: 'Cancel Reflection' })).toHaveCount(0);

    const feed = page.getByRole('list', { name: 'Community posts' });
    const post = feed.getByRole('article').filter({ hasText: `Grateful for this quiet morning ${id}` });
    const reflection = feed.getByRole('article').filter({ hasText: `I am ready to release my old fears ${id}` });
    await expect(post).toBeVisible();
    await expect(post.getByText('Weekly Reflection')).toHaveCount(0);
    await expect(reflection.getByText('Weekly Reflection')).toBeVisible();
    await expect(reflection).toContainText(prompt);
    await expect(reflection.getByRole('heading', { name: /^Community Member #\d+$/ })).toBeVisible();
    await expect(reflection.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    await expect(stat(page, 'Circle at a Glance', 'Your Posts')).toHaveText('2');

    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(account.name);
    const statCard = (label: string) =>
      page
        .getByRole('region', { name: 'Your statistics' })
        .getByText(label, { exact: true })
        .locator('xpath=preceding-sibling::*[1]');
    await expect(statCard('Reflections')).toHaveText('1');
    await expect(statCard('Community Posts')).toHaveText('2');
    await expect(statCard('Current Streak (days)')).toHaveText('1');
    await expect(statCard('Coaching Sessions')).toHaveText('0');
    const timeline = page.getByRole('list', { name: 'Journey timeline' });
    await expect(timeline).toContainText('Joined the Journey');
    await expect(timeline).toContainText('First Post in the Sacred Circle');
    await page.getByRole('tab', { name: 'Purchase History' }).click();
    await expect(page.getByRole('link', { name: 'Explore Coaching Programs' })).toHaveAttribute('href', '/coaching');
    await page.getByRole('tab', { name: 'Achievements' }).click();
    await expect(page.getByRole('list', { name: 'Achievements' })).toContainText('1 / 10 reflections');
    await expect(page.getByRole('list', { name: 'Achievements' })).toContainText('2 / 20 posts');

    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(noticeArea(page)).toContainText('Logged out successfully');
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Community' })).toHaveCount(0);

    // The session is revoked: the circle asks to sign in again, even after a full reload.
    await page.goto('/community');
    await expect(page.getByRole('heading', { name: 'Enter the Sacred Circle' })).toBeVisible();
    await expect(noticeArea(page)).toContainText('Please log in to access the Sacred Circle community');
  });

  test('a second account with the same e-mail is refused with the server’s message', async ({ page }) => {
    await page.goto('/signup');
    // /signup starts no app until a button needs one (src/app/start/onDemand.ts): its form posts,
    // and the gateway's page shows the answer inside the form, with what was typed but the password.
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Full Name').fill('Someone Else');
    await form.getByLabel('Username').fill(`other_${Date.now().toString(36)}`);
    await form.getByLabel('Email').fill(DEMO_MEMBER.email);
    await form.getByLabel(/^Password\W*$/).fill('Another-Pass-2025');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByRole('alert')).toContainText('Signup failed');
    await expect(form.getByRole('alert')).toContainText('An account with this email already exists.');
    await expect(page).toHaveURL(/\/signup$/);
    await expect(form.getByLabel('Full Name')).toHaveValue('Someone Else');
    await expect(form.getByLabel('Email')).toHaveValue(DEMO_MEMBER.email);
    await expect(form.getByLabel(/^Password\W*$/)).toHaveValue('');
  });

  test('a wrong password is refused and stays on /login', async ({ page }) => {
    await signInThroughForm(page, { email: DEMO_MEMBER.email, password: 'not-the-password' });
    await expect(noticeArea(page).getByRole('alert')).toContainText('Login failed');
    await expect(noticeArea(page).getByRole('alert')).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the profile asks a visitor to sign in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile Awaits' })).toBeVisible();
    await expect(noticeArea(page)).toContainText('Authentication Required');
    await expect(noticeArea(page)).toContainText('Please log in to access your profile');
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a member opening the admin dashboard sees that admin access is required', async ({ page }) => {
    await signInThroughForm(page, DEMO_MEMBER);
    await expect(page).toHaveURL(/\/community$/);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Admin access required' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Admin Login' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in to Admin' })).toBeVisible();
  });
});
