import net from 'node:net';
import { createApp, createLogger, trustGatewayHop } from '@coach/kit';
import { databaseUrl, listen, requestFrom, startStack, type Stack } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies } from './client-address.ts';

describe('the address the gateway decides on', () => {
  /** An app with the gateway's setting and middleware, answering with what a service would receive. */
  async function gatewayWith(trusted: string) {
    const app = createApp(createLogger('test', 'silent'), { json: false, trustProxy: parseTrustedProxies(trusted) });
    app.use(clientAddress());
    app.get('/echo', (req, res) => {
      res.json({
        forwardedFor: req.headers['x-forwarded-for'],
        proto: req.headers['x-forwarded-proto'],
        forwarded: req.headers.forwarded ?? null,
        realIp: req.headers['x-real-ip'] ?? null,
      });
    });
    return listen(app);
  }
  const echo = async (url: string, headers: Record<string, string>, from = '127.0.0.1') => {
    const res = await requestFrom(`${url}/echo`, { headers, from });
    expect(res.status).toBe(200);
    return JSON.parse(res.body) as {
      forwardedFor: string;
      proto: string;
      forwarded: string | null;
      realIp: string | null;
    };
  };

  it('with no proxy in front, is the connection and never what the client claims', async () => {
    const gateway = await gatewayWith('0');
    const seen = await echo(
      gateway.url,
      {
        'x-forwarded-for': '203.0.113.9',
        forwarded: 'for=198.51.100.1',
        'x-real-ip': '192.0.2.1',
        'x-forwarded-proto': 'https',
      },
      '127.0.0.2',
    );
    expect(seen).toEqual({ forwardedFor: '127.0.0.2', proto: 'http', forwarded: null, realIp: null });
    await gateway.close();
  });

  it('behind one proxy, is the address that proxy appended, whatever the client put before it', async () => {
    const gateway = await gatewayWith('1');
    expect(
      (await echo(gateway.url, { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' })).forwardedFor,
    ).toBe('198.51.100.7');
    const forged = await echo(gateway.url, {
      'x-forwarded-for': '203.0.113.9, 198.51.100.7',
      'x-forwarded-proto': 'https',
    });
    expect(forged).toMatchObject({ forwardedFor: '198.51.100.7', proto: 'https' });
    await gateway.close();
  });

  it('behind proxies named by address, believes only those', async () => {
    const gateway = await gatewayWith('127.0.0.1, 10.0.0.0/8');
    expect((await echo(gateway.url, { 'x-forwarded-for': '203.0.113.9, 10.1.2.3' }, '127.0.0.1')).forwardedFor).toBe(
      '203.0.113.9',
    );
    expect((await echo(gateway.url, { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.3')).forwardedFor).toBe('127.0.0.3');
    await gateway.close();
  });

  it('ignores malformed forwarding headers instead of failing or keying on them', async () => {
    const gateway = await gatewayWith('1');
    for (const header of [
      'not-an-address',
      ' , ,, ',
      '[::1]:80',
      `${'9'.repeat(5000)}`,
      '203.0.113.9:1234, <script>',
    ]) {
      const seen = await echo(gateway.url, {
        'x-forwarded-for': header,
        forwarded: 'for="[bad',
        'x-forwarded-proto': 'javascript',
      });
      expect(net.isIP(seen.forwardedFor)).not.toBe(0);
      expect(seen.forwarded).toBeNull();
    }
    await gateway.close();
  });

  it('refuses a TRUSTED_PROXIES value that is neither a count nor addresses', async () => {
    const { gatewayEnvSchema } = await import('../config.ts');
    const base = { REDIS_URL: 'redis://x', CONTENT_URL: 'http://c', MEMBERS_URL: 'http://m', PWA_DIST: 'd' };
    expect(gatewayEnvSchema.safeParse({ ...base, TRUSTED_PROXIES: 'caddy' }).success).toBe(false);
    expect(gatewayEnvSchema.parse({ ...base, TRUSTED_PROXIES: '2' }).TRUSTED_PROXIES).toBe(2);
    expect(gatewayEnvSchema.parse(base).TRUSTED_PROXIES).toBe(0);
  });
});

describe('services believe the gateway only', () => {
  it('trust the last X-Forwarded-For entry from a loopback or private caller, nothing else', () => {
    expect(trustGatewayHop('127.0.0.1', 0)).toBe(true);
    expect(trustGatewayHop('::ffff:172.18.0.5', 0)).toBe(true);
    expect(trustGatewayHop('10.0.3.4', 0)).toBe(true);
    expect(trustGatewayHop('::1', 0)).toBe(true);
    expect(trustGatewayHop('203.0.113.9', 0)).toBe(false);
    expect(trustGatewayHop('127.0.0.1', 1)).toBe(false);
    expect(trustGatewayHop('garbage', 0)).toBe(false);
  });
});

describe('per-client budgets through the real stack', () => {
  let stack: Stack;
  let db: mongoose.Connection;
  const WRITES = 5;
  const CHATS = 3;
  const WEBHOOKS = 8;

  beforeAll(async () => {
    stack = await startStack({
      services: ['content', 'members', 'gateway'],
      logLevel: 'silent',
      env: {
        RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES),
        RATE_LIMIT_WEBHOOKS_PER_MINUTE: String(WEBHOOKS),
        CALENDLY_WEBHOOK_SIGNING_KEY: 'client-address-test-key',
        CHAT_RATE_LIMIT_PER_MINUTE: String(CHATS),
        CHAT_TIMEOUT_MS: '300',
      },
    });
    db = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
  });
  afterAll(async () => {
    await db?.close();
    await stack?.stop();
  });

  const like = (from: string, forged: string) =>
    requestFrom(`${stack.gatewayUrl}/api/site-stats/like`, {
      method: 'POST',
      from,
      headers: { 'x-forwarded-for': forged },
    });

  it('a forged X-Forwarded-For buys no fresh write budget; another client keeps its own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= WRITES; i++) statuses.push((await like('127.0.0.4', `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([...Array(WRITES).fill(200), 429]);
    expect((await like('127.0.0.5', '203.0.113.1')).status).toBe(200);
  });

  it("a provider's address that has spent the write budget still delivers webhooks, up to their own budget", async () => {
    const provider = '127.0.0.9';
    const spent: number[] = [];
    for (let i = 0; i <= WRITES; i++) spent.push((await like(provider, provider)).status);
    expect(spent.at(-1)).toBe(429);
    const deliver = () =>
      requestFrom(`${stack.gatewayUrl}/api/bookings/calendly/webhook`, {
        method: 'POST',
        from: provider,
        headers: { 'content-type': 'application/json', 'calendly-webhook-signature': 't=1,v1=00' },
        body: JSON.stringify({ event: 'invitee.created', payload: {} }),
      });
    const deliveries = [];
    for (let i = 0; i <= WEBHOOKS; i++) deliveries.push(await deliver());
    // Each of the budget reaches members, which refuses the forged signature; the next one is held back.
    expect(deliveries.slice(0, WEBHOOKS).map((res) => [res.status, JSON.parse(res.body).message])).toEqual(
      Array(WEBHOOKS).fill([400, 'The webhook signature is missing, wrong or stale']),
    );
    expect(deliveries[WEBHOOKS]!.status).toBe(429);
    expect((await like(provider, provider)).status).toBe(429);
  });

  it("a forged X-Forwarded-For buys no fresh chat budget at content (the model's cost)", async () => {
    const chat = (forged: string) =>
      requestFrom(`${stack.gatewayUrl}/api/ai/chat`, {
        method: 'POST',
        from: '127.0.0.6',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged, forwarded: `for=${forged}` },
        body: JSON.stringify({ message: 'How do I find peace?' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i <= CHATS; i++) statuses.push((await chat(`198.51.100.${i + 1}`)).status);
    expect(statuses.slice(0, CHATS).every((s) => s !== 429)).toBe(true);
    expect(statuses[CHATS]).toBe(429);
  });

  it('answers reads normally whatever forwarding headers a client sends', async () => {
    for (const header of ['not-an-address', '', ',,,', '::ffff:999.1.1.1']) {
      const res = await requestFrom(`${stack.gatewayUrl}/api/site-stats`, {
        from: '127.0.0.7',
        headers: { 'x-forwarded-for': header, forwarded: 'for=;;;' },
      });
      expect(res.status).toBe(200);
    }
  });

  it('stores nothing when the connection drops in the middle of a write', async () => {
    const before = await db.collection('contact_messages').countDocuments();
    const body = JSON.stringify({
      name: 'Half',
      email: 'half@example.com',
      subject: 'general',
      message: 'This message never arrives whole.',
    });
    const url = new URL(stack.gatewayUrl);
    await new Promise<void>((resolve) => {
      const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: '127.0.0.8' }, () => {
        socket.write(
          `POST /api/contact HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        socket.write(body.slice(0, body.length / 2), () => setTimeout(() => socket.destroy(), 100));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await db.collection('contact_messages').countDocuments()).toBe(before);
    const whole = await requestFrom(`${stack.gatewayUrl}/api/contact`, {
      method: 'POST',
      from: '127.0.0.8',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(whole.status).toBe(201);
    expect(await db.collection('contact_messages').countDocuments()).toBe(before + 1);
  });
});
