import type { ContactMessage } from '@coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContent, type Content } from '../testing/harness.ts';
import { ContactMessageModel } from './model.ts';

// Real mongod and redis-server behind the content service.
let content: Content;
let admin: Record<string, string>;
let member: Record<string, string>;
beforeAll(async () => {
  content = await startContent();
  admin = { cookie: await content.sessionCookie('admin') };
  member = { cookie: await content.sessionCookie('user') };
});
afterAll(() => content?.stop());

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${content.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}
const mark = (id: string, body: unknown, headers = admin) =>
  call('PATCH', `/api/contact-messages/${id}`, headers, body);
const unreadCount = async () => (await call('GET', '/api/contact-messages', admin)).headers.get('x-unread-count');

describe('read and unread contact messages', () => {
  it('counts unread messages, marks one read once (keeping the first time) and unread again', async () => {
    const [first, second] = await ContactMessageModel.create([
      { name: 'Ravi Kumar', email: 'ravi@example.com', subject: 'retreat', message: 'When is the next retreat?' },
      { name: 'Asha Rao', email: 'asha@example.com', subject: 'general', message: 'Thank you for the session.' },
    ]);
    const before = Number(await unreadCount());
    expect(before).toBeGreaterThanOrEqual(2);
    const listed = (await call('GET', '/api/contact-messages', admin)).body as ContactMessage[];
    expect(listed.find((m) => m.id === first.id)).toMatchObject({ readAt: null });

    const opened = await mark(first.id, { read: true });
    expect(opened.status).toBe(200);
    const readAt = (opened.body as ContactMessage).readAt;
    expect(Date.parse(readAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(Number(await unreadCount())).toBe(before - 1);
    // Opening it again keeps the time it was first read.
    expect(((await mark(first.id, { read: true })).body as ContactMessage).readAt).toBe(readAt);
    const relisted = (await call('GET', '/api/contact-messages', admin)).body as ContactMessage[];
    expect(relisted.find((m) => m.id === first.id)?.readAt).toBe(readAt);
    expect(relisted.find((m) => m.id === second.id)?.readAt).toBeNull();

    expect(await mark(first.id, { read: false })).toMatchObject({ status: 200, body: { id: first.id, readAt: null } });
    expect(Number(await unreadCount())).toBe(before);
  });

  it('refuses a bad id or body with 400, an unknown message with 404, others with 401/403, changing nothing', async () => {
    const doc = await ContactMessageModel.create({
      name: 'Meera',
      email: 'meera@example.com',
      subject: 'general',
      message: 'Hello there, coach.',
    });
    expect((await mark('not-an-id', { read: true })).status).toBe(400);
    for (const body of [{}, { read: 'yes' }, { read: 1 }, { read: true, readAt: '2020-01-01' }]) {
      expect((await mark(doc.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await mark('0'.repeat(24), { read: true })).status).toBe(404);
    expect((await mark(doc.id, { read: true }, member)).status).toBe(403);
    expect((await mark(doc.id, { read: true }, {})).status).toBe(401);
    expect((await ContactMessageModel.findById(doc.id).lean())?.readAt).toBeNull();
  });
});
