import { randomUUID } from 'node:crypto';
import { databaseUrl, DEMO_ADMIN, startRedis, startStack, type Stack } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real thing: mongod, redis-server, content, members and gateway as separate processes;
// MongoDB and Redis are frozen (SIGSTOP) or killed (SIGKILL) under them.
let stack: Stack;
let db: mongoose.Connection;
let adminCookie: string;
let slug: string;
/** The Redis started in place of the killed one. */
let newRedis: Awaited<ReturnType<typeof startRedis>> | undefined;

/** No request waits on a dead dependency longer than about DEPENDENCY_TIMEOUT_MS (2 s). */
const FAST_MS = 3000;
const UNAVAILABLE = { message: 'The service is temporarily unavailable. Please try again in a moment.' };

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  ms: number;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, ms: Date.now() - started };
}
const get = (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers);
const post = (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body, headers);
const signIn = () => post('/api/auth/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });

/** A clean, fast 503: JSON in the site's error shape, Retry-After, no internals. */
function expectUnavailable(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.headers.get('content-type')).toContain('application/json');
  expect(answer.body).toEqual(UNAVAILABLE);
  expect(answer.ms).toBeLessThan(FAST_MS);
}

const contact = (message: string) => ({ name: 'Asha', email: 'asha@example.com', subject: 'general', message });
const storedContacts = (message: string) => db.collection('contact_messages').countDocuments({ message });
const pidOf = (name: string) => stack.processes().find((p) => p.name === name)!.pid;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `attempt` until it gives `status`, as the PWA's outbox does after an outage. */
async function until(attempt: () => Promise<Answer>, status: number, timeoutMs = 20_000): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await attempt();
    if (answer.status === status || Date.now() > deadline) return answer;
    await sleep(250);
  }
}

beforeAll(async () => {
  stack = await startStack({
    services: ['content', 'members', 'gateway'],
    logLevel: 'silent',
    env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_READS_PER_MINUTE: '100000' },
  });
  db = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
  const login = await signIn();
  expect(login.status).toBe(200);
  adminCookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const posts = await get('/api/blog/posts');
  slug = (posts.body as Array<{ slug: string }>)[0].slug;
}, 90_000);

afterAll(async () => {
  await db?.close();
  await stack?.stop();
  await newRedis?.stop();
});

describe('MongoDB frozen (SIGSTOP)', () => {
  it('answers 503 with Retry-After within about 2 s, keeps the public list from the cache, and takes the write once it is back', async () => {
    const key = randomUUID();
    const message = `Written while the database froze ${key}`;
    process.kill(pidOf('mongod'), 'SIGSTOP');
    try {
      const [read, write, login, me] = await Promise.all([
        get(`/api/blog/${slug}`),
        post('/api/contact', contact(message), { 'idempotency-key': key }),
        signIn(),
        get('/api/auth/me', { cookie: adminCookie }),
      ]);
      for (const answer of [read, write, login, me]) expectUnavailable(answer);
      await sleep(1100); // past the gateway's one second of caching
      const list = await get('/api/blog/posts');
      expect(list.status).toBe(200);
      expect(list.headers.get('x-cache')).toBe('STALE');
    } finally {
      process.kill(pidOf('mongod'), 'SIGCONT');
    }
    // The client sends the write again with its key: stored once, a further replay recognised.
    const sent = await until(() => post('/api/contact', contact(message), { 'idempotency-key': key }), 201);
    expect(sent.status).toBe(201);
    const replay = await post('/api/contact', contact(message), { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await storedContacts(message)).toBe(1);
    expect((await signIn()).status).toBe(200);
  }, 60_000);
});

describe('Redis away', () => {
  it('frozen (SIGSTOP): sessions and sign-in fail closed with 503, public reads and keyed writes keep working', async () => {
    process.kill(pidOf('redis-server'), 'SIGSTOP');
    try {
      await sleep(3500); // the services' connections notice the silence and drop it
      const key = randomUUID();
      const message = `Written while Redis froze ${key}`;
      const [login, me, adminList, chat] = await Promise.all([
        signIn(),
        get('/api/auth/me', { cookie: adminCookie }),
        get('/api/contact-messages', { cookie: adminCookie }),
        post('/api/ai/chat', { message: 'Hello' }),
      ]);
      for (const answer of [login, me, adminList]) expectUnavailable(answer);
      expect(chat.status).toBe(503);
      expect(chat.ms).toBeLessThan(FAST_MS);

      const read = await get(`/api/blog/${slug}`);
      expect(read.status).toBe(200);
      expect(read.ms).toBeLessThan(FAST_MS);
      const write = await keyed('/api/contact', contact(message), key);
      expect(write.status).toBe(201);
      expect(write.ms).toBeLessThan(FAST_MS);
      const replay = await keyed('/api/contact', contact(message), key);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await storedContacts(message)).toBe(1);
    } finally {
      process.kill(pidOf('redis-server'), 'SIGCONT');
    }
    const back = await until(signIn, 200);
    expect(back.status).toBe(200);
  }, 60_000);

  it('killed (SIGKILL): the same, and sign-in works again once a new Redis is up', async () => {
    const port = Number(new URL(stack.redisUrl).port);
    process.kill(pidOf('redis-server'), 'SIGKILL');
    await sleep(500);
    const key = randomUUID();
    const message = `Written while Redis was dead ${key}`;
    const [login, me, write] = await Promise.all([
      signIn(),
      get('/api/auth/me', { cookie: adminCookie }),
      keyed('/api/contact', contact(message), key),
    ]);
    expectUnavailable(login);
    expectUnavailable(me);
    expect(write.status).toBe(201);
    expect((await keyed('/api/contact', contact('another body'), key)).status).toBe(422);
    expect((await get('/api/blog/posts?fresh=1')).status).toBe(200);

    newRedis = await startRedis({ port });
    const back = await until(signIn, 200);
    expect(back.status).toBe(200);
    // The new Redis holds no session: the old cookie is refused, a fresh one works.
    expect((await get('/api/auth/me', { cookie: adminCookie })).status).toBe(401);
    const cookie = back.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await get('/api/auth/me', { cookie })).status).toBe(200);
    expect(await storedContacts(message)).toBe(1);
  }, 60_000);
});

/** A keyed write, as the PWA sends contact, newsletter and likes. */
function keyed(path: string, body: unknown, key: string) {
  return post(path, body, { 'idempotency-key': key });
}
