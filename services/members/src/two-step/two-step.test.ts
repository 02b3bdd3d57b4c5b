import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@coach/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel, type UserDoc } from '../accounts/model.ts';
import { INVALID_CREDENTIALS } from '../accounts/routes.ts';
import { caller, signedInMember, startMembers, TEST_ADMIN, type Caller, type Members } from '../testing/harness.ts';
import { CHALLENGE_TTL_SECONDS, TWO_STEP_MESSAGES } from './service.ts';

let members: Members;
beforeAll(async () => {
  members = await startMembers({
    loginLimits: { maxFailuresPerAccount: 3, maxFailuresPerAccountGlobal: 20, maxFailuresPerIp: 50, windowSeconds: 60 },
  });
});
afterAll(async () => {
  await members?.stop();
});

/**
 * The codes an authenticator app shows for a secret, by time step counted from when the test
 * began: step 0 is the current one, 1 the next (still accepted, as from a clock slightly ahead).
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const first = TOTP.counter();
  return (step: number) => totp.generate({ timestamp: (first + step) * totp.period * 1000 });
}

/** Turns two-step sign-in on for a signed-in caller, as the Security section does. */
async function turnOn(account: Caller, password: string) {
  const setup = await account.post('/api/auth/two-step/setup');
  expect(setup.status).toBe(200);
  const codeAt = authenticator(setup.body.secret);
  const enabled = await account.post('/api/auth/two-step/enable', { password, code: codeAt(0) });
  expect(enabled.status).toBe(200);
  return { setup: setup.body, codeAt, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

/** A new member with two-step sign-in on, and a fresh browser to sign in from. */
async function memberWithTwoStep(ip: string) {
  const { member, details, id } = await signedInMember(members.url, 'twostep');
  const on = await turnOn(member, details.password);
  return { ...on, details, id, browser: caller(members.url, ip) };
}

const signIn = (browser: Caller, details: { email: string; password: string }, path = '/api/auth/login') =>
  browser.post(path, { email: details.email, password: details.password });

describe('turning two-step sign-in on', () => {
  it('shows a QR code and the secret, confirms with a code, then gives ten recovery codes once', async () => {
    const { member, details, id } = await signedInMember(members.url, 'setup');
    expect((await member.get('/api/auth/two-step')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await member.post('/api/auth/two-step/setup');
    expect(setup.status).toBe(200);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.otpauthUri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauthUri).toContain('issuer=Coach%20Test');
    expect(setup.body.otpauthUri).toContain(encodeURIComponent(details.email));
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    const { password } = details;
    const wrong = await member.post('/api/auth/two-step/enable', { password, code: '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { message: TWO_STEP_MESSAGES.wrongCode } });
    expect((await member.post('/api/auth/two-step/enable', { password, code: '12ab' })).status).toBe(400);
    // A stolen session alone cannot turn it on: the password is asked, and a wrong one is refused.
    const code = authenticator(setup.body.secret)(0);
    expect((await member.post('/api/auth/two-step/enable', { code })).status).toBe(400);
    const wrongPassword = await member.post('/api/auth/two-step/enable', { password: `${password}!`, code });
    expect(wrongPassword).toMatchObject({ status: 400, body: { message: TWO_STEP_MESSAGES.wrongPassword } });
    expect((await member.get('/api/auth/two-step')).body.enabled).toBe(false);

    const enabled = await member.post('/api/auth/two-step/enable', { password, code });
    expect(enabled.status).toBe(200);
    const codes: string[] = enabled.body.recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect((await member.get('/api/auth/two-step')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // The secret is stored encrypted and the recovery codes only as hashes.
    const stored = await UserModel.findById(id).lean<UserDoc>();
    expect(stored!.twoStep!.secret).not.toContain(setup.body.secret);
    expect(stored!.pendingTwoStep).toBeUndefined();
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));

    // No answer shows the secret again: setting up anew is refused while it is on.
    const again = await member.post('/api/auth/two-step/setup');
    expect(again).toMatchObject({ status: 409, body: { message: TWO_STEP_MESSAGES.alreadyOn } });
    const me = await member.get('/api/auth/me');
    expect(JSON.stringify(me.body)).not.toContain(setup.body.secret);
    expect(JSON.stringify((await member.get('/api/auth/two-step')).body)).not.toContain(setup.body.secret);
  });

  it('is only for a signed-in account', async () => {
    const visitor = caller(members.url);
    expect((await visitor.get('/api/auth/two-step')).status).toBe(401);
    expect((await visitor.post('/api/auth/two-step/setup')).status).toBe(401);
    expect((await visitor.post('/api/auth/two-step/enable', { password: 'x', code: '123456' })).status).toBe(401);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('answers a correct password with a challenge and no session, then signs in with a code', async () => {
    const { details, codeAt, browser } = await memberWithTwoStep('10.9.0.1');
    const first = await signIn(browser, details);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      twoStepRequired: true,
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      message: TWO_STEP_MESSAGES.codeRequired,
    });
    expect(browser.token).toBeUndefined();
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    const ttl = await members.redis.ttl(
      (await members.redis.keys('twostep:challenge:*')).find(Boolean) ?? 'twostep:challenge:none',
    );
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(CHALLENGE_TTL_SECONDS);

    const wrong = await browser.post('/api/auth/login/two-step', { challenge: first.body.challenge, code: '000000' });
    expect(wrong).toMatchObject({ status: 401, body: { message: TWO_STEP_MESSAGES.wrongCode } });
    expect(browser.token).toBeUndefined();

    const done = await browser.post('/api/auth/login/two-step', { challenge: first.body.challenge, code: codeAt(1) });
    expect(done.status).toBe(200);
    expect(done.body.email).toBe(details.email);
    expect(browser.token).toBeDefined();
    expect(browser.device).toBeDefined();
    expect((await browser.get('/api/auth/me')).status).toBe(200);

    // The challenge is used up, and the code cannot be used again within its window.
    const reused = await browser.post('/api/auth/login/two-step', { challenge: first.body.challenge, code: codeAt(1) });
    expect(reused).toMatchObject({ status: 401, body: { message: TWO_STEP_MESSAGES.expired } });
    const next = await signIn(caller(members.url, '10.9.0.2'), details);
    const replayed = await caller(members.url, '10.9.0.2').post('/api/auth/login/two-step', {
      challenge: next.body.challenge,
      code: codeAt(1),
    });
    expect(replayed).toMatchObject({ status: 401, body: { message: TWO_STEP_MESSAGES.wrongCode } });
  });

  it('takes each recovery code once', async () => {
    const { details, recoveryCodes, browser } = await memberWithTwoStep('10.9.1.1');
    const challenge = (await signIn(browser, details)).body.challenge;
    const typed = `  ${recoveryCodes[3].toUpperCase()} `;
    const done = await browser.post('/api/auth/login/two-step', { challenge, code: typed });
    expect(done.status).toBe(200);
    expect((await browser.get('/api/auth/two-step')).body).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    const again = await caller(members.url, '10.9.1.2');
    const second = await again.post('/api/auth/login/two-step', {
      challenge: (await signIn(again, details)).body.challenge,
      code: recoveryCodes[3],
    });
    expect(second).toMatchObject({ status: 401, body: { message: TWO_STEP_MESSAGES.wrongCode } });
    expect(again.token).toBeUndefined();
  });

  it('counts wrong codes as failed sign-ins, and a correct password does not clear them', async () => {
    const { details, codeAt, browser } = await memberWithTwoStep('10.9.2.1');
    const answer = async (challenge: string, code: string) =>
      (await browser.post('/api/auth/login/two-step', { challenge, code })).status;
    const challenge = (await signIn(browser, details)).body.challenge;
    expect(await answer(challenge, '111111')).toBe(401);
    expect(await answer(challenge, '222222')).toBe(401);
    const fresh = (await signIn(browser, details)).body.challenge;
    expect(await answer(fresh, '333333')).toBe(401);
    // The limit is reached: even the right code and the right password wait now.
    expect(await answer(fresh, codeAt(1))).toBe(429);
    expect((await signIn(browser, details)).status).toBe(429);
    // The owner at another address is not locked out.
    const owner = caller(members.url, '10.9.2.2');
    const ownerChallenge = (await signIn(owner, details)).body.challenge;
    expect((await owner.post('/api/auth/login/two-step', { challenge: ownerChallenge, code: codeAt(1) })).status).toBe(
      200,
    );
  });

  it('refuses a malformed code with 400 and an unknown challenge with 401', async () => {
    const browser = caller(members.url, '10.9.3.1');
    const malformed = await browser.post('/api/auth/login/two-step', { challenge: 'x', code: 'twelve' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual([{ path: 'code', message: expect.any(String) }]);
    expect((await browser.post('/api/auth/login/two-step', { code: '123456' })).status).toBe(400);
    const unknown = await browser.post('/api/auth/login/two-step', { challenge: 'not-a-challenge', code: '123456' });
    expect(unknown).toMatchObject({ status: 401, body: { message: TWO_STEP_MESSAGES.expired } });
  });

  it('asks the admin for a code at the admin door too, and a wrong password stays a plain 401', async () => {
    const admin = caller(members.url, '10.9.4.1');
    expect((await signIn(admin, TEST_ADMIN, '/api/admin/login')).status).toBe(200);
    const { codeAt } = await turnOn(admin, TEST_ADMIN.password);
    const browser = caller(members.url, '10.9.4.2');
    const wrongPassword = await browser.post('/api/admin/login', { email: TEST_ADMIN.email, password: 'nope-nope' });
    expect(wrongPassword).toMatchObject({ status: 401, body: { message: INVALID_CREDENTIALS } });
    const first = await signIn(browser, TEST_ADMIN, '/api/admin/login');
    expect(first.status).toBe(202);
    const done = await browser.post('/api/auth/login/two-step', { challenge: first.body.challenge, code: codeAt(1) });
    expect(done).toMatchObject({ status: 200, body: { role: 'admin' } });
  });
});

describe('turning two-step sign-in off', () => {
  it('takes the password and a current code; anything less changes nothing', async () => {
    const { member, details } = await signedInMember(members.url, 'off');
    const { codeAt } = await turnOn(member, details.password);
    const off = (body: unknown) => member.post('/api/auth/two-step/disable', body);
    expect((await off({ password: details.password })).status).toBe(400);
    expect(await off({ password: 'wrong-password', code: codeAt(1) })).toMatchObject({
      status: 403,
      body: { message: TWO_STEP_MESSAGES.wrongPasswordOrCode },
    });
    expect((await off({ password: details.password, code: '000000' })).status).toBe(403);
    expect((await member.get('/api/auth/two-step')).body.enabled).toBe(true);

    expect(await off({ password: details.password, code: codeAt(1) })).toMatchObject({ status: 200 });
    expect((await member.get('/api/auth/two-step')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await off({ password: details.password, code: codeAt(1) })).status).toBe(409);
    expect((await signIn(caller(members.url, '10.9.5.1'), details)).status).toBe(200);
  });
});
