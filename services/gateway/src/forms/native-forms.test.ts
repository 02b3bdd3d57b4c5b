import { databaseUrl, DEMO_ADMIN, startStack, type Stack } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The forms as a browser without scripts posts them: mongod, redis-server, content, members and
// the gateway as separate processes.
let stack: Stack;
let content: mongoose.Connection;
let members: mongoose.Connection;

const PASSWORD = 'Quiet-River-Dawn-42';
const member = { name: 'Nadia Forms', username: 'nadia_forms', email: 'nadia.forms@example.com' };
const contact = {
  name: 'Asha',
  email: 'asha.forms@example.com',
  subject: 'general',
  message: 'A question about retreats.',
};

/** A form posted as a browser posts it, from the site's own origin unless `origin` says otherwise. */
const post = (path: string, fields: Record<string, string>, { origin = stack.gatewayUrl, cookie = '' } = {}) =>
  fetch(`${stack.gatewayUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin && { origin }),
      ...(cookie && { cookie }),
    },
    body: new URLSearchParams(fields),
  });
/** The cookies an answer sets, as a browser sends them back. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
const page = (path: string, cookie = '') =>
  fetch(`${stack.gatewayUrl}${path}`, { headers: cookie ? { cookie } : {} }).then((res) => res.text());

beforeAll(async () => {
  stack = await startStack({
    services: ['content', 'members', 'gateway'],
    logLevel: 'silent',
    env: { SEED_DEMO: 'false', MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: '100' },
  });
  content = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
  members = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-members')).asPromise();
});

afterAll(async () => {
  await content?.close();
  await members?.close();
  await stack?.stop();
});

describe('forms posted by the page without scripts', () => {
  it('signs up, brings the new member to the sign-in form with her e-mail, and signs her in', async () => {
    const signup = await post('/signup', { ...member, password: PASSWORD });
    expect(signup.status).toBe(303);
    expect(signup.headers.get('location')).toBe('/login');
    const login = await page('/login', cookiesOf(signup));
    expect(login).toContain('Welcome to the community!');
    expect(login).toContain(`value="${member.email}"`);
    // Shown once: the next visit is the plain page.
    expect(await page('/login')).not.toContain('Welcome to the community!');

    const wrong = await post('/login', { email: member.email, password: 'Not-the-password-1' });
    expect(wrong.status).toBe(401);
    const refused = await wrong.text();
    expect(refused).toContain('Login failed');
    expect(refused).toContain('Invalid email or password');
    expect(refused).toContain(`value="${member.email}"`);
    expect(refused).not.toContain('Not-the-password-1');
    expect(wrong.headers.get('cache-control')).toBe('private, no-store');

    const right = await post('/login', { email: member.email, password: PASSWORD });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/community');
    // The Circle she lands on is drawn with the sign-in's outcome (the app says welcome there) and
    // clears it, so her browser keeps the session alone.
    const landing = await fetch(`${stack.gatewayUrl}/community`, { headers: { cookie: cookiesOf(right) } });
    expect(await landing.text()).toContain('Welcome to the circle');
    expect(landing.headers.getSetCookie().join()).toMatch(/^form-outcome=;/);
    const session = cookiesOf(right)
      .split('; ')
      .filter((cookie) => !cookie.startsWith('form-outcome='))
      .join('; ');
    const me = await fetch(`${stack.gatewayUrl}/api/auth/me`, { headers: { cookie: session } });
    expect(((await me.json()) as { username: string }).username).toBe(member.username);

    // Signed in, she shares in the Sacred Circle with the composer as the page posts it: its
    // field is required, so the browser sends no empty post before the app runs.
    const composer = /<textarea[^>]*name="content"[^>]*>/.exec(await page('/community', session))?.[0];
    expect(composer).toMatch(/\srequired(=""|\s|>)/);
    const shared = await post('/community', { content: 'Grateful for the quiet this morning.' }, { cookie: session });
    expect(shared.status).toBe(303);
    expect(shared.headers.get('location')).toBe('/community');
    const feed = await page('/community', `${session}; ${cookiesOf(shared)}`);
    expect(feed).toContain('Post Shared');
    expect(feed).toContain('Grateful for the quiet this morning.');
    expect(
      await members.collection('community_posts').countDocuments({ content: 'Grateful for the quiet this morning.' }),
    ).toBe(1);

    const blank = await post('/community', { content: '   ' }, { cookie: session });
    expect(blank.status).toBe(303);
    expect(await page('/community', `${session}; ${cookiesOf(blank)}`)).toContain('Failed to share your post');
  });

  it("signs the coach in to the dashboard, which is drawn with the sign-in's outcome once", async () => {
    const signedIn = await post('/admin/login', DEMO_ADMIN);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/admin/dashboard');
    // The app finds the accepted sign-in in the dashboard's page and says 'Login successful' there.
    const landing = await fetch(`${stack.gatewayUrl}/admin/dashboard`, { headers: { cookie: cookiesOf(signedIn) } });
    expect(landing.status).toBe(200);
    expect(landing.headers.get('cache-control')).toBe('private, no-store');
    expect(await landing.text()).toMatch(/"action":"\/admin\/login","status":200/);
    expect(landing.headers.getSetCookie().join()).toMatch(/^form-outcome=;/);
    expect(await page('/admin/dashboard')).not.toContain('"action":"/admin/login"');
  });

  it('refuses a post from another site, or without an Origin, and changes nothing', async () => {
    const before = await content.collection('contact_messages').countDocuments();
    for (const origin of ['https://elsewhere.example', '']) {
      const res = await post(
        '/contact',
        { ...contact, message: `From ${origin || 'nowhere'}, sent anyway.` },
        { origin },
      );
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('This request came from another site');
    }
    expect(await content.collection('contact_messages').countDocuments()).toBe(before);
  });

  it('sends a contact message once however often the same post is replayed, and says it was sent', async () => {
    const before = await content.collection('contact_messages').countDocuments();
    const first = await post('/contact', contact);
    const again = await post('/contact', contact);
    // The same form at its address written otherwise.
    const otherwise = await post('/Contact/', contact);
    for (const res of [first, again, otherwise]) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/contact');
    }
    expect(await content.collection('contact_messages').countDocuments()).toBe(before + 1);
    expect(await page('/contact', cookiesOf(first))).toContain('Message Sent Successfully!');
  });

  it("draws a refused contact form again with the spec's messages beside what was typed", async () => {
    const res = await post('/contact', { name: 'A', email: 'not-an-address', subject: '', message: 'Hi' });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please select a subject',
      'Message must be at least 10 characters',
    ])
      expect(html).toContain(`>${message}<`);
    expect(html).toContain('value="not-an-address"');
  });

  it('refuses a body over the limit as the API does, storing nothing', async () => {
    const before = await content.collection('contact_messages').countDocuments();
    const res = await post('/contact', { ...contact, message: 'x'.repeat(120 * 1024) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Request body is too large (limit 100 kB)');
    expect(await content.collection('contact_messages').countDocuments()).toBe(before);
  });

  it('subscribes from the blog and brings the reader back to the page she was on, never to another site', async () => {
    const res = await post('/newsletter', { email: 'reader.forms@example.com', returnTo: '/blog?category=Healing' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/blog?category=Healing');
    expect(await page('/blog?category=Healing', cookiesOf(res))).toContain('Thank you for subscribing!');
    expect(
      await content.collection('newsletter_subscribers').countDocuments({ email: 'reader.forms@example.com' }),
    ).toBe(1);

    const away = await post('/newsletter', { email: 'reader.forms@example.com', returnTo: '//elsewhere.example/x' });
    expect(away.headers.get('location')).toBe('/blog');
  });

  it('sends a reset request, and draws the reset link with its token kept out of the address it posts to', async () => {
    const res = await post('/forgot-password', { email: member.email });
    expect(res.status).toBe(303);
    expect(await page('/forgot-password', cookiesOf(res))).toContain('Check your inbox');

    const link = await page('/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(link).toMatch(/<form[^>]*action="\/reset-password"[^>]*method="post"/);
    expect(link).toContain('name="token" value="abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"');
    const differ = await post('/reset-password', {
      token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      password: PASSWORD,
      confirmPassword: `${PASSWORD}x`,
    });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain('>The two passwords do not match<');
    expect(await members.collection('users').countDocuments({ email: member.email })).toBe(1);
  });
});
