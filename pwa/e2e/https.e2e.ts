import { DEMO_ADMIN, DEMO_MEMBER, requestFrom, silentMp3, startStack, startTlsProxy, type Stack } from '@coach/dev-stack';
import { expect, test } from '@playwright/test';
import { goOffline, notice, sendContactMessage, waitForServiceWorker } from './offline-visitor.ts';

// The site as deployed: the real TLS proxy (Debian's nginx with compose's forwarding settings, a
// certificate from a throw-away authority) in front of a gateway told that one proxy stands before it, with secure cookies.
// Clients on different loopback addresses are different visitors.
const WRITES_PER_MINUTE = 6;
let stack: Stack;
let proxy: Awaited<ReturnType<typeof startTlsProxy>>;

// Chromium registers a service worker only from a page whose certificate it accepts: it is told
// to accept this test authority's (a real site has a public one).
test.use({
  serviceWorkers: 'allow',
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--ignore-certificate-errors',
    ],
  },
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack({
    logLevel: 'warn',
    env: { COOKIE_SECURE: 'true', TRUSTED_PROXIES: '1', RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE) },
  });
  proxy = await startTlsProxy(stack.gatewayUrl);
});

test.afterAll(async () => {
  await proxy?.stop();
  await stack?.stop();
});

const over = (path: string, options: Parameters<typeof requestFrom>[1] = {}) =>
  requestFrom(`${proxy.url}${path}`, { ca: proxy.caCert, ...options });
const signIn = (path: string, account: { email: string; password: string }, from: string) =>
  over(path, { method: 'POST', from, headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
const like = (from: string, forged?: string) =>
  over('/api/site-stats/like', { method: 'POST', from, headers: forged ? { 'x-forwarded-for': forged } : {} });

test.describe('behind the TLS proxy', () => {
  test('pages come over HTTPS with HSTS, and signing in sets a Secure, HttpOnly cookie', async () => {
    const home = await over('/', { from: '127.0.0.2' });
    expect(home.status).toBe(200);
    expect(home.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const login = await signIn('/api/auth/login', DEMO_MEMBER, '127.0.0.2');
    expect(login.status).toBe(200);
    const cookies = login.headers['set-cookie'] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookies.join('\n')).toMatch(/HttpOnly/i);
    // The prefix keeps a sibling subdomain from setting or replacing the session cookie.
    expect(cookies.join('\n')).toMatch(/^__Host-coach_session=/m);
  });

  test('each visitor has a write budget of its own, and a forged X-Forwarded-For buys none', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= WRITES_PER_MINUTE; i++) statuses.push((await like('127.0.0.3', `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([...Array(WRITES_PER_MINUTE).fill(200), 429]);
    // Claiming to be someone else, or to come through another proxy, changes nothing.
    expect((await like('127.0.0.3', '127.0.0.4')).status).toBe(429);
    expect(
      (
        await over('/api/site-stats/like', {
          method: 'POST',
          from: '127.0.0.3',
          headers: { forwarded: 'for=198.51.100.1' },
        })
      ).status,
    ).toBe(429);
    // Another visitor behind the same proxy still writes.
    expect((await like('127.0.0.4')).status).toBe(200);
  });

  test("a body over the gateway's limit gets its clear refusal through the proxy, and one over 1 MB the proxy's", async () => {
    const send = (bytes: number) =>
      over('/api/contact', {
        method: 'POST',
        from: '127.0.0.5',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Large', email: 'large@example.org', message: 'x'.repeat(bytes) }),
      });
    // Held by the proxy past its memory buffer before it is forwarded, never a 500.
    const overLimit = await send(200_000);
    expect(overLimit.status).toBe(400);
    expect(JSON.parse(overLimit.body)).toMatchObject({ message: 'Request body is too large (limit 100 kB)' });
    expect((await send(2_000_000)).status).toBe(413);
  });

  test("a program's file over 1 MB goes through the proxy to the coach's upload, and comes back whole", async () => {
    const login = await signIn('/api/admin/login', DEMO_ADMIN, '127.0.0.6');
    expect(login.status).toBe(200);
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const audio = silentMp3(3 * 60); // 2.9 MB: past the 1 MB every other request may send
    const boundary = 'program-file-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nEvening meditation\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="evening.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
      ),
      audio,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await over('/api/admin/programs/inner-peace-method/resources', {
      method: 'POST',
      from: '127.0.0.6',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(upload.status, upload.body).toBe(201);
    const stored = JSON.parse(upload.body) as { id: string; bytes: number };
    expect(stored.bytes).toBe(audio.length);
    const download = await over(`/api/portal/resources/${stored.id}`, { from: '127.0.0.6', headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.raw.equals(audio)).toBe(true);
    // Any other path keeps the 1 MB limit.
    const elsewhere = await over('/api/admin/programs/inner-peace-method/portal', {
      method: 'POST',
      from: '127.0.0.6',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(elsewhere.status).toBe(413);
  });

  test('the service worker installs over HTTPS, and a message sent offline arrives once when the connection returns', async ({
    page,
    context,
  }) => {
    const marker = `e2e-https-${Date.now()}`;
    await page.goto(`${proxy.url}/contact`);
    await waitForServiceWorker(page);
    await goOffline(context, page);
    await sendContactMessage(page, `Sent offline over HTTPS ${marker}`);
    await expect(notice(page, 'Saved offline')).toContainText('Your message is saved');
    await context.setOffline(false);

    const admin = await signIn('/api/admin/login', DEMO_ADMIN, '127.0.0.9');
    expect(admin.status).toBe(200);
    const cookie = (admin.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const stored = async () => {
      const list = await over('/api/contact-messages', { from: '127.0.0.9', headers: { cookie } });
      return (JSON.parse(list.body) as Array<{ message: string }>).filter((m) => m.message.includes(marker)).length;
    };
    await expect.poll(stored, { timeout: 20_000 }).toBe(1);
    await page.waitForTimeout(1500);
    expect(await stored()).toBe(1);
  });
});
