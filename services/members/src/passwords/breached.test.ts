import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PASSWORD_BREACHED } from '@coach/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserModel } from '../accounts/model.ts';
import { caller, newMember, startMembers, type Members } from '../testing/harness.ts';

/** Not in the common lists, but listed by the local range API below. */
const BREACHED = 'Willow-Harbour-Tide-4';
const sha1 = (password: string) => createHash('sha1').update(password).digest('hex').toUpperCase();

/**
 * A local stand-in of the breached-password range API, served over real HTTP: it answers
 * GET /range/<5 hex digits> with padded SUFFIX:COUNT lines, or fails or hangs when told to.
 */
let mode: 'answer' | 'fail' | 'hang' = 'answer';
const asked: string[] = [];
let api: Server;
let members: Members;

beforeAll(async () => {
  api = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (mode === 'hang') return; // never answers
    if (mode === 'fail') return res.writeHead(503).end('unavailable');
    const prefix = (req.url ?? '').split('/').pop()!;
    const hash = sha1(BREACHED);
    const lines = ['0018A45C4D1DEF81644B54AB7F969B88D65:0', '00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2'];
    if (hash.startsWith(prefix)) lines.push(`${hash.slice(5)}:3645`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port } = api.address() as AddressInfo;
  members = await startMembers({
    breachedPasswords: { enabled: true, apiUrl: `http://127.0.0.1:${port}/range/`, timeoutMs: 500 },
  });
});
afterAll(async () => {
  await members?.stop();
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve));
});
beforeEach(() => {
  mode = 'answer';
  asked.length = 0;
});

describe('the breached-password check, when the operator turns it on', () => {
  it('refuses a listed password at sign-up, sending only the first five hex digits of its SHA-1', async () => {
    const details = { ...newMember(), password: BREACHED };
    const res = await caller(members.url).post('/api/auth/signup', details);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: PASSWORD_BREACHED,
      issues: [{ path: 'password', message: PASSWORD_BREACHED }],
    });
    expect(asked).toEqual([`/range/${sha1(BREACHED).slice(0, 5)}`]);
    expect(await UserModel.exists({ email: details.email })).toBeNull();
  });

  it('accepts a password the API does not list', async () => {
    const res = await caller(members.url).post('/api/auth/signup', { ...newMember(), password: 'Quiet-Cedar-Morning' });
    expect(res.status).toBe(201);
    expect(asked).toHaveLength(1);
  });

  it('never blocks a sign-up when the API fails', async () => {
    mode = 'fail';
    const res = await caller(members.url).post('/api/auth/signup', { ...newMember(), password: BREACHED });
    expect(res.status).toBe(201);
    expect(asked).toHaveLength(1);
  });

  it('never blocks a sign-up when the API does not answer in time', async () => {
    mode = 'hang';
    const started = performance.now();
    const res = await caller(members.url).post('/api/auth/signup', { ...newMember(), password: BREACHED });
    expect(res.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('checks a changed password too', async () => {
    const details = newMember();
    const member = caller(members.url);
    expect((await member.post('/api/auth/signup', details)).status).toBe(201);
    expect((await member.post('/api/auth/login', { email: details.email, password: details.password })).status).toBe(
      200,
    );
    const res = await member.post('/api/auth/password', { currentPassword: details.password, newPassword: BREACHED });
    expect(res).toMatchObject({ status: 400, body: { message: PASSWORD_BREACHED, issues: [{ path: 'newPassword' }] } });
  });
});
