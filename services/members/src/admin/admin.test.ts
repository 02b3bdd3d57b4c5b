import { adminUserSchema } from '@coach/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../accounts/model.ts';
import { caller, signedInMember, startMembers, TEST_ADMIN, type Caller, type Members } from '../testing/harness.ts';
import { ensureAdmin } from './bootstrap.ts';
import { ADMIN_NOT_DELETABLE } from './service.ts';

let members: Members;
let admin: Caller;
beforeAll(async () => {
  members = await startMembers();
  admin = caller(members.url);
  const login = await admin.post('/api/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
});
afterAll(async () => {
  await members?.stop();
});

const adminRoutes: Array<[method: 'get' | 'delete', path: string]> = [
  ['get', '/api/admin/users'],
  ['delete', '/api/admin/users/1'],
  ['delete', '/api/admin/users/999999'],
  ['delete', '/api/admin/users/not-a-number'],
];

describe('admin users API', () => {
  it('answers every route with 401 when signed out and 403 for members, changing nothing', async () => {
    const { member } = await signedInMember(members.url);
    const visitor = caller(members.url);
    for (const [method, path] of adminRoutes) {
      expect((await visitor[method](path)).status, `${method} ${path} signed out`).toBe(401);
      const asMember = await member[method](path);
      expect(asMember.status, `${method} ${path} as member`).toBe(403);
      expect(asMember.body.message).toBe('Admin access required');
    }
    expect(await UserModel.exists({ _id: 1 })).toBeTruthy();
  });

  it('lists users without any password hash', async () => {
    const { details } = await signedInMember(members.url);
    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    for (const user of res.body) adminUserSchema.strict().parse(user);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
    expect(res.body[0]).toMatchObject({ id: '1', email: TEST_ADMIN.email, role: 'admin' });
    expect(res.body.some((u: { email: string }) => u.email === details.email)).toBe(true);
  });

  it('refuses to delete an admin (403) and answers 404 for an unknown id, 400 for a bad one', async () => {
    expect(await admin.delete('/api/admin/users/1')).toMatchObject({
      status: 403,
      body: { message: ADMIN_NOT_DELETABLE },
    });
    expect((await admin.get('/api/auth/me')).status).toBe(200);
    expect((await admin.delete('/api/admin/users/999999')).status).toBe(404);
    expect((await admin.delete('/api/admin/users/0')).status).toBe(400);
    expect((await admin.delete('/api/admin/users/abc')).status).toBe(400);
  });

  it('deletes a member with their posts, journey, purchases, progress and sessions', async () => {
    const { member, id } = await signedInMember(members.url);
    const other = await signedInMember(members.url);
    await member.post('/api/community/posts', { content: 'A post that goes with me', prompt: 'A prompt' });
    await other.member.post('/api/community/posts', { content: 'A post that stays' });
    const { recordPurchase } = await import('../profile/service.ts');
    await recordPurchase(
      id,
      { productName: 'Soul Spark Session', productType: 'coaching_session', amount: 199_900 },
      new Date(),
    );

    const res = await admin.delete(`/api/admin/users/${id}`);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const db = mongoose.connection.db!;
    for (const collection of ['community_posts', 'user_journey', 'purchases', 'user_progress']) {
      expect(await db.collection(collection).countDocuments({ userId: id }), collection).toBe(0);
    }
    expect(await db.collection('users').countDocuments({ _id: id } as object)).toBe(0);
    expect(await db.collection('community_posts').countDocuments({ userId: other.id })).toBe(1);
    // The deleted member's session is revoked everywhere, and they cannot sign in again.
    expect((await member.get('/api/auth/me')).status).toBe(401);
    expect((await member.post('/api/community/posts', { content: 'Still here?' })).status).toBe(401);
    expect((await admin.delete(`/api/admin/users/${id}`)).status).toBe(404);
  });
});

describe('first admin from the environment', () => {
  it('is created once, however many replicas start at the same time, and keeps its password', async () => {
    const email = 'second-coach@example.com';
    await Promise.all(
      Array.from({ length: 4 }, () =>
        ensureAdmin({ email, password: 'First-Password-1', name: 'Coach Two' }, members.logger),
      ),
    );
    await ensureAdmin({ email, password: 'Changed-Password-2', name: 'Coach Two' }, members.logger);
    expect(await UserModel.countDocuments({ email })).toBe(1);
    const coach = caller(members.url, '10.8.0.1');
    expect((await coach.post('/api/admin/login', { email, password: 'First-Password-1' })).body).toMatchObject({
      role: 'admin',
      username: 'second-coach',
    });
  });

  it('does not promote a member who already holds the e-mail', async () => {
    const { details } = await signedInMember(members.url);
    await ensureAdmin({ email: details.email, password: 'Admin-Password-9', name: 'Impostor' }, members.logger);
    expect(await UserModel.findOne({ email: details.email }).lean()).toMatchObject({
      role: 'user',
      name: details.name,
    });
  });
});
