import { createHash, randomUUID } from 'node:crypto';
import {
  CURRENT_PASSWORD_WRONG,
  NEW_PASSWORD_SAME,
  PASSWORD_RESET_REQUESTED,
  PASSWORD_TOO_COMMON,
  QUEUES,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  type EventJob,
} from '@coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../accounts/model.ts';
import { caller, newMember, signedInMember, startMembers, TEST_ADMIN, type Members } from '../testing/harness.ts';
import { PasswordResetModel } from './reset.ts';

let members: Members;
beforeAll(async () => {
  members = await startMembers({ passwordResetLimits: { maxRequestsPerIp: 6, maxEmailsPerAccount: 3 } });
});
afterAll(async () => {
  await members?.stop();
});

const REQUEST = '/api/auth/password-reset/request';
const CONFIRM = '/api/auth/password-reset/confirm';
const CHANGE = '/api/auth/password';
const NEW_PASSWORD = 'Lantern-Over-Water-7';

/** Reset requests made so far, each from its own client address, so the per-address limit is not the one met. */
let requests = 0;
const requestReset = (email: string) =>
  caller(members.url, `10.20.${Math.floor(requests / 200)}.${requests++ % 200}`).post(REQUEST, { email });

/** The reset e-mails queued for an address, oldest first. */
async function resetJobs(email: string): Promise<EventJob<'member.password_reset_requested'>[]> {
  const jobs = await members.queues.get(QUEUES.emails).getJobs(['waiting', 'delayed', 'prioritized', 'active']);
  return jobs
    .map((job) => job.data as EventJob)
    .filter((job): job is EventJob<'member.password_reset_requested'> => job.name === 'member.password_reset_requested')
    .filter((job) => job.payload.email === email)
    .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
}

/** Waits until `count` reset e-mails are queued for the address (the work follows the answer). */
async function waitForResetJobs(email: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const jobs = await resetJobs(email);
    if (jobs.length >= count) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${count} reset e-mails queued for ${email}`);
}

/** A member who asked for a reset link, with its token. */
async function memberWithResetLink() {
  const signedIn = await signedInMember(members.url, 'reset');
  expect((await requestReset(signedIn.details.email)).status).toBe(202);
  const [job] = await waitForResetJobs(signedIn.details.email, 1);
  return { ...signedIn, token: job!.payload.token };
}

const storedHash = async (id: number) => (await UserModel.findById(id).lean())!.password;

describe('new passwords are checked against the common-password lists', () => {
  it.each(['12345678', 'password1', 'Password1!', 'qwertyuiop'])(
    'refuses %s at sign-up with a clear message',
    async (password) => {
      const details = newMember();
      const res = await caller(members.url).post('/api/auth/signup', { ...details, password });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: PASSWORD_TOO_COMMON,
        issues: [{ path: 'password', message: PASSWORD_TOO_COMMON }],
      });
      expect(await UserModel.exists({ email: details.email })).toBeNull();
    },
  );

  it('refuses a password made of the member’s own username', async () => {
    const details = newMember();
    const res = await caller(members.url).post('/api/auth/signup', { ...details, password: `${details.username}1` });
    expect(res).toMatchObject({ status: 400, body: { message: PASSWORD_TOO_COMMON } });
  });

  it('accepts a password that is not in the lists', async () => {
    const res = await caller(members.url).post('/api/auth/signup', { ...newMember(), password: 'Quiet-Cedar-Morning' });
    expect(res.status).toBe(201);
  });
});

describe('POST /api/auth/password-reset/request', () => {
  it('answers 400 with the issues for a bad body, and queues nothing', async () => {
    for (const body of [
      {},
      { email: 'not-an-email' },
      { email: ['a@example.com'] },
      { email: 'a@example.com', extra: 1 },
    ]) {
      const res = await caller(members.url, '10.21.0.1').post(REQUEST, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect(await resetJobs('a@example.com')).toEqual([]);
  });

  it('answers the same 202 for an account and for an unknown e-mail, and mails only the account holder', async () => {
    const { details } = await signedInMember(members.url, 'known');
    const unknown = `nobody-${randomUUID()}@example.com`;
    const known = await requestReset(details.email.toUpperCase());
    const missing = await requestReset(unknown);
    expect(known.status).toBe(202);
    expect(missing.status).toBe(202);
    expect(known.body).toEqual({ ok: true, message: PASSWORD_RESET_REQUESTED });
    expect(missing.body).toEqual(known.body);

    const [job] = await waitForResetJobs(details.email, 1);
    expect(job!.payload.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await resetJobs(unknown)).toEqual([]);
  });

  it('takes about the same time for an account and for an unknown e-mail', async () => {
    const { details } = await signedInMember(members.url, 'timing');
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await requestReset(email);
      expect(res.status).toBe(202);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownMs.push(await timed(details.email));
      unknownMs.push(await timed(`nobody-${randomUUID()}@example.com`));
    }
    // The account is looked up only after the answer: neither side waits for the database or the
    // queue. The margin allows for a busy test machine; a lookup before answering (a database
    // round trip, the queue, a hash) shows on every sample, the median keeps it.
    expect(Math.abs(median(knownMs) - median(unknownMs))).toBeLessThan(60);
  });

  it('stores only the SHA-256 of the token, valid for 30 minutes', async () => {
    const { token, id } = await memberWithResetLink();
    const rows = await PasswordResetModel.find({ userId: id }).lean();
    expect(rows).toHaveLength(1);
    expect(rows[0]!._id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutesLeft = (rows[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);
  });

  it('mails one address at most three times an hour, and still answers 202', async () => {
    const { details } = await signedInMember(members.url, 'often');
    for (let i = 0; i < 5; i++) {
      const res = await requestReset(details.email);
      expect(res).toMatchObject({ status: 202, body: { message: PASSWORD_RESET_REQUESTED } });
    }
    await waitForResetJobs(details.email, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await resetJobs(details.email)).toHaveLength(3);
  });

  it('limits the requests of one client address with 429 and Retry-After', async () => {
    const client = caller(members.url, '10.22.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await client.post(REQUEST, { email: `someone-${i}@example.com` })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
    const refused = await client.post(REQUEST, { email: 'someone@example.com' });
    expect(refused.body.message).toMatch(/Too many password reset requests/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await caller(members.url, '10.22.0.2').post(REQUEST, { email: 'someone@example.com' })).status).toBe(202);
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('answers 400 with the issues for a bad body, and changes nothing', async () => {
    const { token, id } = await memberWithResetLink();
    const before = await storedHash(id);
    for (const body of [
      {},
      { token },
      { token, password: 'short' },
      { token: 'abc', password: NEW_PASSWORD },
      { token, password: NEW_PASSWORD, extra: 1 },
    ]) {
      const res = await caller(members.url).post(CONFIRM, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect(await storedHash(id)).toBe(before);
    expect((await caller(members.url).post(CONFIRM, { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a common password and leaves the link usable', async () => {
    const { token, id } = await memberWithResetLink();
    const before = await storedHash(id);
    const res = await caller(members.url).post(CONFIRM, { token, password: '12345678' });
    expect(res).toMatchObject({ status: 400, body: { message: PASSWORD_TOO_COMMON, issues: [{ path: 'password' }] } });
    expect(await storedHash(id)).toBe(before);
    expect((await caller(members.url).post(CONFIRM, { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('sets the new password, signs out every session, and works once', async () => {
    const { member, details, token } = await memberWithResetLink();
    const otherDevice = caller(members.url);
    expect(
      (await otherDevice.post('/api/auth/login', { email: details.email, password: details.password })).status,
    ).toBe(200);

    const res = await caller(members.url).post(CONFIRM, { token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: expect.stringMatching(/sign in with your new password/) });

    expect((await member.get('/api/auth/me')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    const login = (password: string) => caller(members.url).post('/api/auth/login', { email: details.email, password });
    expect((await login(details.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);

    const again = await caller(members.url).post(CONFIRM, { token, password: 'Another-Lantern-8' });
    expect(again).toMatchObject({ status: 400, body: { message: RESET_LINK_USED, issues: [{ path: 'token' }] } });
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const { token } = await memberWithResetLink();
    const results = await Promise.all(
      ['First-Lantern-81', 'Second-Lantern-82'].map((password) =>
        caller(members.url).post(CONFIRM, { token, password }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link and an unknown one, changing nothing', async () => {
    const { token, id } = await memberWithResetLink();
    const before = await storedHash(id);
    await PasswordResetModel.updateOne({ userId: id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await caller(members.url).post(CONFIRM, { token, password: NEW_PASSWORD });
    expect(expired).toMatchObject({ status: 400, body: { message: RESET_LINK_EXPIRED } });
    const unknown = await caller(members.url).post(CONFIRM, { token: 'A'.repeat(43), password: NEW_PASSWORD });
    expect(unknown).toMatchObject({ status: 400, body: { message: RESET_LINK_INVALID } });
    expect(await storedHash(id)).toBe(before);
  });

  it('ends the other links sent to the same account once one of them is used', async () => {
    const { details, token } = await memberWithResetLink();
    expect((await requestReset(details.email)).status).toBe(202);
    const [, second] = await waitForResetJobs(details.email, 2);
    expect((await caller(members.url).post(CONFIRM, { token, password: NEW_PASSWORD })).status).toBe(200);
    const res = await caller(members.url).post(CONFIRM, {
      token: second!.payload.token,
      password: 'Another-Lantern-8',
    });
    expect(res).toMatchObject({ status: 400, body: { message: RESET_LINK_USED } });
  });
});

describe('POST /api/auth/password', () => {
  it('needs a session', async () => {
    const res = await caller(members.url).post(CHANGE, { currentPassword: 'x', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });

  it('answers 400 with the issues for a bad body, and changes nothing', async () => {
    const { member, details, id } = await signedInMember(members.url, 'change');
    const before = await storedHash(id);
    for (const body of [
      {},
      { currentPassword: details.password },
      { currentPassword: details.password, newPassword: 'short' },
      { currentPassword: details.password, newPassword: NEW_PASSWORD, role: 'admin' },
    ]) {
      const res = await member.post(CHANGE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect(await storedHash(id)).toBe(before);
  });

  it('refuses a wrong current password, a common new one and an unchanged one, changing nothing', async () => {
    const { member, details, id } = await signedInMember(members.url, 'change');
    const before = await storedHash(id);
    const wrong = await member.post(CHANGE, { currentPassword: 'Not-My-Password-1', newPassword: NEW_PASSWORD });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: CURRENT_PASSWORD_WRONG, issues: [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }] },
    });
    const common = await member.post(CHANGE, { currentPassword: details.password, newPassword: 'password1' });
    expect(common).toMatchObject({
      status: 400,
      body: { message: PASSWORD_TOO_COMMON, issues: [{ path: 'newPassword' }] },
    });
    const same = await member.post(CHANGE, { currentPassword: details.password, newPassword: details.password });
    expect(same).toMatchObject({ status: 400, body: { message: NEW_PASSWORD_SAME } });
    expect(await storedHash(id)).toBe(before);
    expect((await member.get('/api/auth/me')).status).toBe(200);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const { member, details } = await signedInMember(members.url, 'change');
    const otherDevice = caller(members.url);
    expect(
      (await otherDevice.post('/api/auth/login', { email: details.email, password: details.password })).status,
    ).toBe(200);
    expect((await requestReset(details.email)).status).toBe(202);
    const [job] = await waitForResetJobs(details.email, 1);

    const res = await member.post(CHANGE, { currentPassword: details.password, newPassword: NEW_PASSWORD });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await member.get('/api/auth/me')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    const login = (password: string) => caller(members.url).post('/api/auth/login', { email: details.email, password });
    expect((await login(details.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
    // A reset link sent before the change no longer works.
    const reset = await caller(members.url).post(CONFIRM, { token: job!.payload.token, password: 'Another-Lantern-8' });
    expect(reset).toMatchObject({ status: 400, body: { message: RESET_LINK_USED } });
  });

  it('lets the admin change her own password the same way', async () => {
    const admin = caller(members.url);
    expect(
      (await admin.post('/api/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password })).status,
    ).toBe(200);
    const res = await admin.post(CHANGE, { currentPassword: TEST_ADMIN.password, newPassword: 'Coach-Lantern-Path-9' });
    expect(res.status).toBe(200);
    const login = (password: string) =>
      caller(members.url).post('/api/admin/login', { email: TEST_ADMIN.email, password });
    expect((await login('Coach-Lantern-Path-9')).status).toBe(200);
    expect(
      (await admin.post(CHANGE, { currentPassword: 'Coach-Lantern-Path-9', newPassword: TEST_ADMIN.password })).status,
    ).toBe(200);
  });
});
