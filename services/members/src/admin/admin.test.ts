import { adminUserSchema, UNKNOWN_CURSOR_MESSAGE, type AdminUser } from '@coach/contracts';
import { nextLink } from '@coach/site-rules';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../accounts/model.ts';
import {
  caller,
  signedInCoach,
  signedInMember,
  startMembers,
  TEST_ADMIN,
  type Caller,
  type Members,
} from '../testing/harness.ts';
import { ensureAdmin } from './bootstrap.ts';
import { ADMIN_NOT_DELETABLE } from './service.ts';

let members: Members;
let admin: Caller;
beforeAll(async () => {
  members = await startMembers();
  admin = await signedInCoach(members.url);
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
    expect(res.body[0]).toMatchObject({ email: details.email, role: 'user' });
  });

  it('pages newest first to the end, counts every account and searches name, username and e-mail literally', async () => {
    const tag = `pager${Date.now().toString(36)}`;
    for (let i = 0; i < 23; i++) {
      const res = await caller(members.url, `10.9.${i}.1`).post('/api/auth/signup', {
        name: `Pager ${i} (x.*)`,
        username: `${tag}_${i}`,
        email: `${tag}.${i}@example.com`,
        password: 'Gentle-Breath-42',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const accounts = await UserModel.countDocuments();
    const pages: AdminUser[][] = [];
    for (let next: string | null = '/api/admin/users'; next;) {
      const res = await admin.get(next);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(accounts));
      pages.push(res.body);
      next = nextLink(res.headers.get('link'));
    }
    const all = pages.flat();
    expect(pages.slice(0, -1).every((p) => p.length === 20)).toBe(true);
    expect(all).toHaveLength(accounts);
    expect(all.map((u) => Number(u.id))).toEqual([...all.map((u) => Number(u.id))].sort((a, b) => b - a));
    expect(all.at(-1)).toMatchObject({ id: '1', email: TEST_ADMIN.email });

    const byName = await admin.get(`/api/admin/users?q=${encodeURIComponent('pager 7 (X.*)')}`);
    expect(byName.body.map((u: AdminUser) => u.username)).toEqual([`${tag}_7`]);
    const byUsername = await admin.get(`/api/admin/users?q=${tag.toUpperCase()}_2`);
    expect(byUsername.body.map((u: AdminUser) => u.username).sort()).toEqual([
      `${tag}_2`,
      `${tag}_20`,
      `${tag}_21`,
      `${tag}_22`,
    ]);
    const byEmail = await admin.get(`/api/admin/users?q=${encodeURIComponent(`${tag}.1@`)}`);
    expect(byEmail.body.map((u: AdminUser) => u.email)).toEqual([`${tag}.1@example.com`]);
    expect((await admin.get(`/api/admin/users?q=${encodeURIComponent('p.*r')}`)).body).toEqual([]);

    const searchedPage = await admin.get(`/api/admin/users?q=${tag}`);
    expect(searchedPage.body).toHaveLength(20);
    expect(nextLink(searchedPage.headers.get('link'))).toMatch(new RegExp(`^/api/admin/users\\?q=${tag}&cursor=\\d+$`));
    const rest = await admin.get(nextLink(searchedPage.headers.get('link'))!);
    expect(rest.body).toHaveLength(3);
    expect(rest.headers.get('link')).toBeNull();
  });

  it('refuses a malformed cursor, or one naming no account, with 400 and a message', async () => {
    for (const cursor of ['abc', '0', '-1', '1.5', '0123', 'a'.repeat(24), '999999']) {
      const res = await admin.get(`/api/admin/users?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.message, cursor).toMatch(/cursor/i);
    }
    expect((await admin.get('/api/admin/users?cursor=999999')).body).toEqual({ message: UNKNOWN_CURSOR_MESSAGE });
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
    const { prompt } = (await member.get('/api/community/weekly-prompt')).body;
    await member.post('/api/community/posts', { content: 'A post that goes with me', prompt });
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
