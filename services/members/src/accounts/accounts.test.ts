import { randomUUID } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import { SESSION_ISSUER, sessionCookieName } from '@coach/kit';
import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  newMember,
  SESSION_TTL_SECONDS,
  signedInMember,
  startMembers,
  TEST_ADMIN,
  type Members,
} from '../testing/harness.ts';
import { UserModel } from './model.ts';
import { EMAIL_TAKEN, USERNAME_TAKEN } from './service.ts';

let members: Members;
beforeAll(async () => {
  members = await startMembers({
    loginLimits: { maxFailuresPerAccount: 3, maxFailuresPerAccountGlobal: 10, maxFailuresPerIp: 6, windowSeconds: 60 },
  });
});
afterAll(async () => {
  await members?.stop();
});

describe('sign-up', () => {
  it('creates an ordinary member with a serial id, ignoring a role in the body', async () => {
    const details = newMember();
    const res = await caller(members.url).post('/api/auth/signup', { ...details, role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: details.name,
      username: details.username,
      email: details.email,
      role: 'user',
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const second = await caller(members.url).post('/api/auth/signup', newMember());
    expect(Number(second.body.id)).toBe(Number(res.body.id) + 1);
  });

  it('refuses a duplicate e-mail or username with 409, whatever the case', async () => {
    const details = newMember();
    const visitor = caller(members.url);
    expect((await visitor.post('/api/auth/signup', details)).status).toBe(201);
    const sameEmail = await visitor.post('/api/auth/signup', { ...newMember(), email: details.email.toUpperCase() });
    expect(sameEmail).toMatchObject({ status: 409, body: { message: EMAIL_TAKEN } });
    const sameUsername = await visitor.post('/api/auth/signup', {
      ...newMember(),
      username: details.username.toUpperCase(),
    });
    expect(sameUsername).toMatchObject({ status: 409, body: { message: USERNAME_TAKEN } });
  });

  it('leaves no account behind when its journey cannot be written: the e-mail is free to sign up again', async () => {
    const visitor = caller(members.url);
    expect((await visitor.post('/api/auth/signup', newMember())).status).toBe(201);
    const details = newMember();
    const db = UserModel.db.db!;
    // Every new milestone refused, as a database that fails midway would.
    await db.command({ collMod: 'user_journey', validator: { refusedByTheTest: { $exists: true } } });
    try {
      expect((await visitor.post('/api/auth/signup', details)).status).toBeGreaterThanOrEqual(500);
    } finally {
      await db.command({ collMod: 'user_journey', validator: {} });
    }
    expect(await UserModel.exists({ email: details.email })).toBeNull();
    expect((await visitor.post('/api/auth/signup', details)).status).toBe(201);
  });

  it('lets exactly one of two racing sign-ups with the same e-mail through', async () => {
    const details = newMember();
    const results = await Promise.all(
      [details, { ...newMember(), email: details.email }].map((body) =>
        caller(members.url).post('/api/auth/signup', body),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('answers 400 with the field issues for a bad body, and stores nothing', async () => {
    const details = newMember();
    const res = await caller(members.url).post('/api/auth/signup', {
      ...details,
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'password']);
    expect((await caller(members.url).post('/api/auth/signup', details)).status).toBe(201);
  });

  it('publishes member.signed_up for the welcome e-mail', async () => {
    const res = await caller(members.url).post('/api/auth/signup', newMember());
    const job = await members.queues.get('emails').getJob(`member.signed_up-user-${res.body.id}`);
    expect(job?.data).toMatchObject({
      name: 'member.signed_up',
      payload: { userId: Number(res.body.id), name: res.body.name, email: res.body.email },
    });
  });
});

describe('sign-in and sessions', () => {
  it('runs signup -> login -> me -> logout, and refuses the old token afterwards', async () => {
    const details = newMember();
    const member = caller(members.url);
    await member.post('/api/auth/signup', details);
    expect((await member.get('/api/auth/me')).status).toBe(401);

    const login = await member.post('/api/auth/login', { email: details.email, password: details.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: details.email, role: 'user' });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName(false)}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(new RegExp(`Max-Age=${SESSION_TTL_SECONDS}`));
    expect(cookie).not.toMatch(/Secure/i); // the embedded mode runs on plain http://localhost

    const me = await member.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'role', 'username']);

    const token = member.token;
    const logout = await member.post('/api/auth/logout');
    expect(logout).toMatchObject({ status: 200, body: { ok: true } });
    expect(logout.headers.getSetCookie().join()).toMatch(new RegExp(`${sessionCookieName(false)}=;`));
    member.token = token; // replay the logged-out token
    expect((await member.get('/api/auth/me')).status).toBe(401);
    expect((await member.get('/api/profile/progress')).status).toBe(401);
  });

  it('GET /api/auth/logout revokes the session and redirects home', async () => {
    const { member } = await signedInMember(members.url);
    const token = member.token;
    const res = await member.get('/api/auth/logout');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    member.token = token;
    expect((await member.get('/api/auth/me')).status).toBe(401);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail, in about the same time', async () => {
    const { details } = await signedInMember(members.url);
    const timed = async (body: unknown, ip: string) => {
      const started = performance.now();
      const res = await caller(members.url, ip).post('/api/auth/login', body);
      return { ...res, ms: performance.now() - started };
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const wrongMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const wrong = await timed({ email: details.email, password: 'Wrong-Password-1' }, `10.1.0.${i}`);
      const unknown = await timed(
        { email: `nobody-${randomUUID()}@example.com`, password: 'Wrong-Password-1' },
        `10.1.1.${i}`,
      );
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      wrongMs.push(wrong.ms);
      unknownMs.push(unknown.ms);
    }
    // Both spend one argon2 verification (tens of milliseconds); an unchecked miss would take ~1 ms.
    expect(median(unknownMs)).toBeGreaterThan(median(wrongMs) * 0.4);
  });

  it('replaces a hash made with weaker settings at the next sign-in', async () => {
    const { details, id } = await signedInMember(members.url);
    const weak = await argon2.hash(details.password, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await UserModel.updateOne({ _id: id }, { $set: { password: weak } });
    const login = await caller(members.url, '10.1.1.1').post('/api/auth/login', {
      email: details.email,
      password: details.password,
    });
    expect(login.status).toBe(200);
    const stored = await UserModel.findById(id).lean();
    expect(stored?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses operator objects and other non-strings in the login fields', async () => {
    const { details } = await signedInMember(members.url);
    const visitor = caller(members.url, '10.2.0.1');
    for (const body of [
      { email: { $gt: '' }, password: { $gt: '' } },
      { email: details.email, password: { $ne: null } },
      { email: { $regex: '.*' }, password: details.password },
      { email: [details.email], password: details.password },
    ]) {
      const res = await visitor.post('/api/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('lets only admins through the admin login; a member gets the same 401 as a wrong password', async () => {
    const { details } = await signedInMember(members.url);
    const member = caller(members.url, '10.3.0.1');
    const asMember = await member.post('/api/admin/login', { email: details.email, password: details.password });
    const wrong = await member.post('/api/admin/login', { email: TEST_ADMIN.email, password: 'Not-The-Password' });
    expect(asMember).toMatchObject({ status: 401, body: wrong.body });
    expect(member.token).toBeUndefined();

    const admin = caller(members.url, '10.3.0.2');
    const res = await admin.post('/api/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(res).toMatchObject({ status: 200, body: { role: 'admin', email: TEST_ADMIN.email, name: TEST_ADMIN.name } });
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });
});

describe('forged and stale tokens', () => {
  const forge = (token: string) => {
    const visitor = caller(members.url);
    visitor.token = token;
    return visitor.get('/api/auth/me');
  };
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses alg none, a changed signature or payload, another key, HMAC with the public key, and expiry', async () => {
    const { member, id } = await signedInMember(members.url);
    const genuine = member.token!;
    expect((await forge(genuine)).status).toBe(200);
    const [header, payload, signature] = genuine.split('.');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(id), role: 'admin', jti: randomUUID(), iss: SESSION_ISSUER, iat: now, exp: now + 600 };

    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const flipped = signature[5] === 'A' ? 'B' : 'A';
    const changedSignature = `${header}.${payload}.${signature.slice(0, 5)}${flipped}${signature.slice(6)}`;
    const changedPayload = `${header}.${b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' })}.${signature}`;
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const wrongKey = jwt.sign({ role: 'admin' }, otherKey, {
      algorithm: 'RS256',
      issuer: SESSION_ISSUER,
      subject: String(id),
      jwtid: randomUUID(),
      expiresIn: 600,
    });
    const hmac = jwt.sign({ role: 'admin' }, members.keys.publicKey, {
      algorithm: 'HS256',
      issuer: SESSION_ISSUER,
      subject: String(id),
      jwtid: randomUUID(),
      expiresIn: 600,
    });
    const expired = jwt.sign({ role: 'user', exp: now - 10 }, members.keys.privateKey, {
      algorithm: 'RS256',
      issuer: SESSION_ISSUER,
      subject: String(id),
      jwtid: randomUUID(),
    });
    const wrongIssuer = jwt.sign({ role: 'user' }, members.keys.privateKey, {
      algorithm: 'RS256',
      issuer: 'someone-else',
      subject: String(id),
      jwtid: randomUUID(),
      expiresIn: 600,
    });
    const noJti = jwt.sign({ role: 'user' }, members.keys.privateKey, {
      algorithm: 'RS256',
      issuer: SESSION_ISSUER,
      subject: String(id),
      expiresIn: 600,
    });

    for (const token of [algNone, changedSignature, changedPayload, wrongKey, hmac, expired, wrongIssuer, noJti]) {
      expect((await forge(token)).status).toBe(401);
      const admin = caller(members.url);
      admin.token = token;
      expect((await admin.get('/api/admin/users')).status).toBe(401);
    }
  });
});

describe('brute-force limits', () => {
  /** Four wrong passwords for the account from one address, one more than its limit there; the statuses. */
  async function guessUntilBlocked(email: string, ip: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await caller(members.url, ip).post('/api/auth/login', { email, password: `Wrong-${i}-Pass` })).status,
      );
    }
    return statuses;
  }

  it('slows an attacker at one address without locking the owner out at another', async () => {
    const { details } = await signedInMember(members.url);
    const right = { email: details.email, password: details.password };
    expect(await guessUntilBlocked(details.email, '10.4.0.1')).toEqual([401, 401, 401, 429]);
    const blocked = await caller(members.url, '10.4.0.1').post('/api/auth/login', right);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/,
    );

    const owner = caller(members.url, '10.4.0.2');
    expect((await owner.post('/api/auth/login', right)).status).toBe(200);
    expect((await owner.get('/api/auth/me')).body.email).toBe(details.email);
  });

  it("lets the owner in from the attacker's own address with the device cookie of an earlier sign-in", async () => {
    const { member, details } = await signedInMember(members.url);
    const device = member.device!;
    const cookie = (
      await caller(members.url).post('/api/auth/login', { email: details.email, password: details.password })
    ).headers
      .getSetCookie()
      .find((c) => c.startsWith('coach_device='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).not.toMatch(/Secure/i);

    const ip = '10.4.1.1';
    expect(await guessUntilBlocked(details.email, ip)).toEqual([401, 401, 401, 429]);
    // The same address is also spent for every other account.
    const elsewhere: number[] = [];
    for (let i = 0; i < 4; i++) {
      const guess = { email: `nobody-${randomUUID()}@example.com`, password: 'Guess-1' };
      elsewhere.push((await caller(members.url, ip).post('/api/auth/login', guess)).status);
    }
    expect(elsewhere).toEqual([401, 401, 401, 429]);
    const owner = caller(members.url, ip);
    owner.device = device;
    const signIn = await owner.post('/api/auth/login', { email: details.email, password: details.password });
    expect(signIn.status).toBe(200);
    expect(owner.device).toBe(device); // the browser keeps its device id
    expect((await owner.get('/api/auth/me')).body.email).toBe(details.email);
  });

  it('lets the coach through the admin login with her device cookie while her address is blocked', async () => {
    const coach = caller(members.url, '10.4.5.1');
    const credentials = { email: TEST_ADMIN.email, password: TEST_ADMIN.password };
    expect((await coach.post('/api/admin/login', credentials)).status).toBe(200);
    expect(await guessUntilBlocked(TEST_ADMIN.email, '10.4.5.1')).toEqual([401, 401, 401, 429]);
    expect((await caller(members.url, '10.4.5.1').post('/api/admin/login', credentials)).status).toBe(429);
    const res = await coach.post('/api/admin/login', credentials);
    expect(res).toMatchObject({ status: 200, body: { role: 'admin' } });
  });

  it('gives no way past the limits with a forged device cookie or one of another account', async () => {
    const { details } = await signedInMember(members.url);
    const other = await signedInMember(members.url);
    const genuine = (await signedInMember(members.url)).member.device!;
    const ip = '10.4.2.1';
    expect(await guessUntilBlocked(details.email, ip)).toEqual([401, 401, 401, 429]);
    const [id, mac] = (await signedInMember(members.url)).member.device!.split('.');
    for (const device of [
      other.member.device!, // genuine, but for another account
      `${genuine.split('.')[0]}.${mac}`, // one device's id with another's signature
      `${id}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      `${id}.`,
      'made-up',
    ]) {
      const attacker = caller(members.url, ip);
      attacker.device = device;
      const res = await attacker.post('/api/auth/login', { email: details.email, password: details.password });
      expect(res.status).toBe(429);
      expect(attacker.token).toBeUndefined();
    }
  });

  it('limits guesses through a device cookie per device', async () => {
    const { member, details } = await signedInMember(members.url);
    const stolen = caller(members.url, '10.4.3.1');
    stolen.device = member.device;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await stolen.post('/api/auth/login', { email: details.email, password: `Wrong-${i}-Pass` })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await stolen.post('/api/auth/login', { email: details.email, password: details.password })).status).toBe(
      429,
    );
    // Its failures count against that device only: the owner elsewhere is not blocked.
    expect(
      (
        await caller(members.url, '10.4.3.2').post('/api/auth/login', {
          email: details.email,
          password: details.password,
        })
      ).status,
    ).toBe(200);
  });

  it('slows guessing spread over many addresses at the global ceiling, which the device cookie passes', async () => {
    const { member, details } = await signedInMember(members.url);
    const wrong = { email: details.email, password: 'Wrong-Password-1' };
    for (let i = 0; i < 10; i++) {
      expect((await caller(members.url, `10.4.4.${i + 1}`).post('/api/auth/login', wrong)).status).toBe(401);
    }
    const right = { email: details.email, password: details.password };
    const fresh = await caller(members.url, '10.4.4.99').post('/api/auth/login', right);
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toMatch(/Too many failed sign-in attempts/);
    const owner = caller(members.url, '10.4.4.99');
    owner.device = member.device;
    expect((await owner.post('/api/auth/login', right)).status).toBe(200);
  });

  it('counts only failures: successful sign-ins never use up the limit and clear earlier failures', async () => {
    const { details } = await signedInMember(members.url);
    const right = { email: details.email, password: details.password };
    for (let round = 0; round < 2; round++) {
      // Two failures and a success per round from one address (a new browser each time, without
      // a device cookie): without the reset, the second round would be blocked.
      const visitor = caller(members.url, '10.5.0.1');
      expect((await visitor.post('/api/auth/login', { ...right, password: 'Wrong-Password-1' })).status).toBe(401);
      expect((await visitor.post('/api/auth/login', { ...right, password: 'Wrong-Password-2' })).status).toBe(401);
      expect((await visitor.post('/api/auth/login', right)).status).toBe(200);
    }
  });

  it('never refuses parallel successful sign-ins to one account within its limits', async () => {
    const { details } = await signedInMember(members.url);
    const signIn = (ip: string) =>
      caller(members.url, ip).post('/api/auth/login', { email: details.email, password: details.password });
    // Each one in flight holds a point of the account's limits until it succeeds: three from one
    // address (its limit), ten from as many (the global ceiling), and then as many again.
    for (const ips of [Array(3).fill('10.7.0.1'), Array.from({ length: 10 }, (_, i) => `10.7.1.${i}`)]) {
      for (let round = 0; round < 2; round++) {
        const results = await Promise.all(ips.map(signIn));
        expect(results.map((r) => r.status)).toEqual(Array(ips.length).fill(200));
      }
    }
  });

  it('a parallel burst of guesses at one account slips past neither its limit at an address nor its global ceiling', async () => {
    const { details } = await signedInMember(members.url);
    const guess = (ip: string, i: number) =>
      caller(members.url, ip).post('/api/auth/login', { email: details.email, password: `Wrong-${i}-Pass` });
    const fromOne = await Promise.all(Array.from({ length: 12 }, (_, i) => guess('10.8.0.1', i)));
    expect(fromOne.filter((r) => r.status === 401)).toHaveLength(3);
    expect(fromOne.filter((r) => r.status === 429)).toHaveLength(9);
    // 3 failures so far; 7 more reach the ceiling of 10, over addresses that each try twice.
    const fromMany = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(`10.8.1.${i % 6}`, i)));
    expect(fromMany.filter((r) => r.status === 401)).toHaveLength(7);
    expect(fromMany.filter((r) => r.status === 429)).toHaveLength(5);
    const right = await caller(members.url, '10.8.2.1').post('/api/auth/login', {
      email: details.email,
      password: details.password,
    });
    expect(right.status).toBe(429);
  });

  it('blocks an address that tries many accounts, and a parallel burst cannot slip past', async () => {
    const ip = '10.6.0.1';
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        caller(members.url, ip).post('/api/auth/login', {
          email: `nobody-${randomUUID()}@example.com`,
          password: 'Guess-123',
        }),
      ),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(
      (
        await caller(members.url, '10.6.0.2').post('/api/auth/login', {
          email: TEST_ADMIN.email,
          password: TEST_ADMIN.password,
        })
      ).status,
    ).toBe(200);
  });
});
