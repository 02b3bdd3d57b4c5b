import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { noticeArea } from './page-checks.ts';

// The forms a visitor meets first, used the moment they are seen: without scripts at all, and
// at first paint (DOMContentLoaded) before the app has taken the page over, on a fast and on a
// 4x slower CPU. A password never travels in an address.

const PASSWORD = 'Lantern-Meadow-Quiet-77';

/** Every address the page asked for or showed, to check that no field's value is in one. */
function recordAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  return seen;
}

/** Whether an address carries what a form holds: the test's marker, a field by name, an e-mail or a password. */
const carriesAField = (url: string, marker: string) =>
  url.includes(marker) ||
  /[?&](email|password|code|name|message)=/.test(url) ||
  url.includes('%40') ||
  [PASSWORD, 'Awaken-2025', 'Seeker-2025'].some((secret) => url.includes(secret));

const uniqueMember = (tag: string) => {
  const id = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { name: `Early ${tag}`, username: `early_${id}`.slice(0, 30), email: `early.${id}@example.com` };
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a reader signs up, signs in, writes to the coach and subscribes', async ({ page }) => {
    const addresses = recordAddresses(page);
    const member = uniqueMember('nojs');
    await page.goto('/signup');
    await page.getByLabel(/^Full Name/).fill(member.name);
    await page.getByLabel(/^Username/).fill(member.username);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password\W*$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Welcome to the community!')).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveValue(member.email);

    await page.getByLabel(/^Password\W*$/).fill('Not-my-password-9');
    await page.getByLabel(/^Password\W*$/).press('Enter');
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveValue(member.email);
    await expect(page.getByLabel(/^Password\W*$/)).toHaveValue('');

    await page.getByLabel(/^Password\W*$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/community$/);
    const me = await page.request.get('/api/auth/me');
    expect(((await me.json()) as { username: string }).username).toBe(member.username);

    await page.goto('/contact');
    await page.getByLabel(/^Your Name/).fill('Early Reader');
    await page.getByLabel(/^Email Address/).fill(member.email);
    await page.getByLabel(/^Subject/).selectOption('general');
    await page.getByLabel(/^Your Message/).fill('I read your blog on an old phone and would love to talk.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent Successfully!')).toBeVisible();

    await page.goto('/blog');
    await page.getByLabel(/^Your email address/).fill(member.email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByText('Thank you for subscribing!')).toBeVisible();

    expect(addresses.filter((url) => url.includes(PASSWORD) || url.includes('Not-my-password'))).toEqual([]);
    expect(addresses.filter((url) => url.includes(encodeURIComponent(member.email)))).toEqual([]);
  });
});

/** A form typed into at first paint and sent with Enter, and what a person then sees. */
interface EarlyForm {
  path: string;
  fill: (page: Page, id: string) => Promise<void>;
  outcome: (page: Page) => Promise<void>;
}

const EARLY_FORMS: Record<string, EarlyForm> = {
  'sign-up': {
    path: '/signup',
    fill: async (page, id) => {
      await page.getByLabel(/^Full Name/).pressSequentially('Early Riser');
      await page.getByLabel(/^Username/).pressSequentially(`riser_${id}`);
      await page.getByLabel(/^Email/).pressSequentially(`riser.${id}@example.com`);
      await page.getByLabel(/^Password\W*$/).pressSequentially(PASSWORD);
      await page.getByLabel(/^Password\W*$/).press('Enter');
    },
    outcome: async (page) => {
      await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
      await expect(page.getByText('Welcome to the community!').first()).toBeVisible();
    },
  },
  'password reset request': {
    path: '/forgot-password',
    fill: async (page) => {
      await page.getByLabel(/^Email/).pressSequentially('member@example.com');
      await page.getByLabel(/^Email/).press('Enter');
    },
    outcome: async (page) => {
      await expect(page.getByText(/Check your inbox/)).toBeVisible({ timeout: 30_000 });
    },
  },
  newsletter: {
    path: '/blog',
    fill: async (page, id) => {
      await page.getByLabel(/^Your email address/).pressSequentially(`early.reader.${id}@example.com`);
      await page.getByLabel(/^Your email address/).press('Enter');
    },
    outcome: async (page) => {
      await expect(page.getByText('Thank you for subscribing!').first()).toBeVisible({ timeout: 30_000 });
    },
  },
  'admin sign-in': {
    path: '/admin/login',
    fill: async (page) => {
      await page.getByLabel(/^Email/).pressSequentially('coach@example.com');
      await page.getByLabel(/^Password\W*$/).pressSequentially('Awaken-2025!');
      await page.getByLabel(/^Password\W*$/).press('Enter');
    },
    outcome: async (page) => {
      await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
      // Sent by the app or by the page's HTML, the sign-in is confirmed on the dashboard.
      await expect(noticeArea(page)).toContainText('Login successful', { timeout: 30_000 });
    },
  },
};

test.describe('without JavaScript, two-step sign-in', () => {
  test.use({ javaScriptEnabled: false });

  test('asks for the code after the password, says a wrong code beside the field, and signs in with the right one', async ({
    page,
  }) => {
    const member = uniqueMember('twostep');
    const api = page.request;
    expect((await api.post('/api/auth/signup', { data: { ...member, password: PASSWORD } })).status()).toBe(201);
    expect((await api.post('/api/auth/login', { data: { email: member.email, password: PASSWORD } })).ok()).toBe(true);
    const { secret } = (await (await api.post('/api/auth/two-step/setup')).json()) as { secret: string };
    // A code is taken once: the sign-in uses the next time step's.
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const code = (stepsAhead = 0) => totp.generate({ timestamp: Date.now() + stepsAhead * totp.period * 1000 });
    const enabled = await api.post('/api/auth/two-step/enable', { data: { password: PASSWORD, code: code() } });
    expect(enabled.ok()).toBe(true);
    await page.context().clearCookies();

    const addresses = recordAddresses(page);
    await page.goto('/login');
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password\W*$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Two-Step Sign-In' })).toBeVisible();
    await page.getByLabel(/^Code/).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Two-Step Sign-In' })).toBeVisible();
    await expect(page.getByLabel(/^Code/)).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(/^Code/).fill(code(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/community$/);
    expect(addresses.filter((url) => carriesAField(url, member.username))).toEqual([]);
  });
});

for (const rate of [1, 4]) {
  for (const [name, form] of Object.entries(EARLY_FORMS)) {
    test(`at ${rate}x CPU, the ${name} form typed at first paint and sent with Enter does what it says, its fields in no address`, async ({
      page,
    }) => {
      await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
      const addresses = recordAddresses(page);
      const id = `${rate}${Date.now().toString(36)}`;
      await page.goto(form.path, { waitUntil: 'domcontentloaded' });
      await form.fill(page, id);
      await form.outcome(page);
      expect(addresses.filter((url) => carriesAField(url, id))).toEqual([]);
    });
  }

  test(`at ${rate}x CPU, a sign-in typed at first paint and sent with Enter signs in once, its password in no address`, async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const addresses = recordAddresses(page);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/(api\/auth\/)?login$/.test(new URL(request.url()).pathname))
        logins.push(request.url());
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel(/^Email/).pressSequentially('member@example.com');
    await page.getByLabel(/^Password\W*$/).pressSequentially('Seeker-2025!');
    await page.getByLabel(/^Password\W*$/).press('Enter');
    await expect(page).toHaveURL(/\/community$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to the circle', { timeout: 30_000 });
    // Sent by the app or by the page's HTML, the sign-in is welcomed in the Circle.
    await expect(noticeArea(page)).toContainText('Welcome back!', {
      timeout: 30_000,
    });
    expect(logins).toHaveLength(1);
    expect(addresses.filter((url) => url.includes('Seeker-2025') || url.includes('password='))).toEqual([]);
  });
}

test('a reflection typed in the Circle before the app takes it over is kept and shared once', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'member@example.com', password: 'Seeker-2025!' },
  });
  expect(login.ok()).toBe(true);
  await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const shares: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/(api\/community\/posts|community)$/.test(new URL(request.url()).pathname))
      shares.push(request.url());
  });
  const text = `Typed while the circle woke up ${Date.now().toString(36)}`;
  await page.goto('/community', { waitUntil: 'domcontentloaded' });
  const composer = page.getByRole('textbox', { name: /Your message/ });
  await composer.pressSequentially(text.slice(0, 20));
  await page.waitForFunction(() => document.getElementById('root')?.style.pointerEvents === '', null, {
    timeout: 30_000,
  });
  await composer.pressSequentially(text.slice(20));
  await expect(composer).toHaveValue(text);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText(text)).toBeVisible({ timeout: 30_000 });
  await expect(composer).toHaveValue('');
  expect(shares).toHaveLength(1);
});

test('what is typed before the app takes the contact form over stays, with the focus, and is sent once', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/(api\/)?contact$/.test(new URL(request.url()).pathname))
      sent.push(request.url());
  });
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const name = page.getByLabel(/^Your Name/);
  await name.pressSequentially('Early');
  // The app has taken the page over once its root takes taps.
  await page.waitForFunction(() => document.getElementById('root')?.style.pointerEvents === '', null, {
    timeout: 30_000,
  });
  await name.pressSequentially(' Bird');
  await expect(name).toHaveValue('Early Bird');
  await expect(name).toBeFocused();
  await page.getByLabel(/^Email Address/).fill('early.bird@example.com');
  await page.getByLabel(/^Subject/).selectOption('general');
  await page.getByLabel(/^Your Message/).fill('Typed while the page was still waking up.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent Successfully!').first()).toBeVisible();
  expect(sent).toHaveLength(1);
  await expect(name).toHaveValue('');
});

test('/signup needs no app to be typed into and judged; a button that needs it starts it and is pressed once', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const theApp = (path: string) => /\/assets\/(react|router|frame|startApp)-/.test(path);
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Full Name').fill('Quiet Visitor');
  await form.getByLabel(/^Password\W*$/).pressSequentially('password1');
  await expect(form.getByRole('status')).toHaveText(
    'Password strength: Too easy to guess. This is a commonly used password.',
  );
  await form.getByLabel(/^Password\W*$/).fill(PASSWORD);
  await expect(form.getByRole('status')).toHaveText('Password strength: Strong');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter(theApp)).toEqual([]);

  await form.getByRole('button', { name: 'Show password' }).click();
  await expect(form.getByLabel(/^Password\W*$/)).toHaveAttribute('type', 'text');
  await expect(form.getByRole('button', { name: 'Hide password' })).toBeVisible();
  expect(scripts.filter(theApp)).not.toEqual([]);
  // The app took over what was typed, and draws the meter itself.
  await expect(form.getByLabel(/^Password\W*$/)).toHaveValue(PASSWORD);
  await expect(form.getByLabel('Full Name')).toHaveValue('Quiet Visitor');
  await expect(form.getByRole('status')).toHaveText('Password strength: Strong');
  // Pressed once: a second press hides the password again.
  await form.getByRole('button', { name: 'Hide password' }).click();
  await expect(form.getByLabel(/^Password\W*$/)).toHaveAttribute('type', 'password');
});

test('a page whose app cannot be fetched takes taps as its HTML: its links lead on and its form signs in', async ({
  page,
}) => {
  // The connection drops the libraries' chunk: the app never starts.
  await page.route(/\/assets\/react-[^/]*\.js$/, (route) => route.abort());
  const failed = new Promise((resolve) => page.once('pageerror', resolve));
  await page.goto('/login');
  await failed;
  await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack();
  await page.getByLabel(/^Email/).fill('member@example.com');
  await page.getByLabel(/^Password\W*$/).fill('Seeker-2025!');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/community$/);
});
