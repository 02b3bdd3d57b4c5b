import { activityKey } from '@coach/kit';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, signedInMember, startMembers, type Members } from '../testing/harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jtiOf = (token: string) => (jwt.decode(token) as { jti: string }).jti;

describe('idle sessions', () => {
  // Uses closer than half this limit leave the record alone; a longer pause counts as activity.
  const IDLE_SECONDS = 2;
  let members: Members;
  beforeAll(async () => {
    members = await startMembers({ sessionIdleSeconds: IDLE_SECONDS });
  });
  afterAll(async () => {
    await members?.stop();
  });

  it('a session in use outlives the idle limit; one left idle longer is refused with 401 JSON', async () => {
    const { member } = await signedInMember(members.url, 'active');
    for (let i = 0; i < 2; i++) {
      await sleep(1200);
      expect((await member.get('/api/auth/me')).status).toBe(200);
    }
    await sleep(IDLE_SECONDS * 1000 + 300);
    const idle = await member.get('/api/profile/progress');
    expect(idle).toMatchObject({ status: 401, body: { message: 'Please sign in to continue' } });
    expect((await member.get('/api/auth/me')).status).toBe(401);
  });

  it('a new sign-in after the idle limit starts a fresh session', async () => {
    const { member, details } = await signedInMember(members.url, 'return');
    await sleep(IDLE_SECONDS * 1000 + 300);
    expect((await member.get('/api/auth/me')).status).toBe(401);
    expect((await member.post('/api/auth/login', { email: details.email, password: details.password })).status).toBe(
      200,
    );
    expect((await member.get('/api/auth/me')).status).toBe(200);
  });
});

describe('the activity record', () => {
  let members: Members;
  beforeAll(async () => {
    members = await startMembers({ sessionIdleSeconds: 3600 });
  });
  afterAll(async () => {
    await members?.stop();
  });

  it('is written at sign-in and touched at most once a minute, not on every use', async () => {
    const { member } = await signedInMember(members.url, 'touch');
    const key = activityKey(jtiOf(member.token!));
    expect(await members.redis.get(key)).toBe(String(3600 * 1000));
    const first = await members.redis.pttl(key);
    expect(first).toBeGreaterThan(3590 * 1000);
    await sleep(50);
    expect((await member.get('/api/auth/me')).status).toBe(200);
    expect(await members.redis.pttl(key)).toBeLessThan(first);

    // A session last touched over a minute ago is touched again by its next use.
    await members.redis.pexpire(key, 3600 * 1000 - 61_000);
    expect((await member.get('/api/auth/me')).status).toBe(200);
    expect(await members.redis.pttl(key)).toBeGreaterThan(3590 * 1000);
  });

  it('is an error to answer when Redis refuses to read it, never a member signed out', async () => {
    const { member } = await signedInMember(members.url, 'unreadable');
    const key = activityKey(jtiOf(member.token!));
    const kept = await members.redis.get(key);
    await members.redis.del(key);
    await members.redis.hset(key, 'not', 'a string');
    const refused = await member.get('/api/auth/me');
    expect(refused.status).toBe(500);
    await members.redis.del(key);
    await members.redis.set(key, kept!, 'PX', 60_000);
    expect((await member.get('/api/auth/me')).status).toBe(200);
  });

  it('is required: a genuine token without one (its record lost) is refused', async () => {
    const { member } = await signedInMember(members.url, 'lost');
    await members.redis.del(activityKey(jtiOf(member.token!)));
    expect((await member.get('/api/auth/me')).status).toBe(401);
  });
});

describe('the session cookie with COOKIE_SECURE', () => {
  let members: Members;
  beforeAll(async () => {
    members = await startMembers({ cookieSecure: true });
  });
  afterAll(async () => {
    await members?.stop();
  });

  it('is __Host-coach_session: Secure, Path=/, no Domain; only that name is read', async () => {
    const details = newMember('secure');
    const post = (path: string, body: unknown) =>
      fetch(`${members.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/api/auth/signup', details)).status).toBe(201);
    const login = await post('/api/auth/login', { email: details.email, password: details.password });
    expect(login.status).toBe(200);
    const [cookie] = login.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-coach_session=[^;]+;/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/Domain=/i);

    const token = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
    const me = (header: string) => fetch(`${members.url}/api/auth/me`, { headers: { cookie: header } });
    expect((await me(`__Host-coach_session=${token}`)).status).toBe(200);
    expect((await me(`coach_session=${token}`)).status).toBe(401);

    const logout = await fetch(`${members.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: `__Host-coach_session=${token}` },
    });
    expect(logout.headers.getSetCookie().join()).toMatch(/^__Host-coach_session=;.*Secure/i);
  });

  it('sets the device cookie as __Host-coach_device: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const { details } = await signedInMember(members.url, 'secure');
    const login = await fetch(`${members.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: details.email, password: details.password }),
    });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('__Host-coach_device='))!;
    expect(cookie).toMatch(/^__Host-coach_device=[\w-]+\.[\w-]+;/);
    for (const attribute of [/;\s*Secure/i, /;\s*HttpOnly/i, /;\s*SameSite=Lax/i, /;\s*Path=\/(;|$)/i]) {
      expect(cookie).toMatch(attribute);
    }
    expect(cookie).not.toMatch(/Domain=/i);
  });
});
