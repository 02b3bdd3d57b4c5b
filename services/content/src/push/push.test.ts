import { QUEUES, type DeclarativePush } from '@coach/contracts';
import { DEMO_ADMIN, startTestPushService, type Stack, type TestPushService } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, until } from '../testing/requests.ts';
import { startSite, type Site } from '../testing/site.ts';
import { localDayAndHour } from './fanout.ts';

// The whole path of a notification with real parts: content (subscriptions, fan-out), members
// (sessions, the Circle), ai-worker (web-push), MongoDB, Redis and a local HTTPS push service that
// decrypts each message with its browser's keys.

const SITE_URL = 'https://coach.example';
let push: TestPushService;
let site: Site;
let stack: Stack;
let queues: Site['queues'];
let publish: Site['publish'];
let db: mongoose.Connection;

/** A client of the site with its own cookie (the session cookie works at every service). */
function client() {
  let cookie = '';
  return async (url: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) cookie = set.join('; ');
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
}
type Client = ReturnType<typeof client>;

let members = 0;
async function signedInMember(): Promise<{ call: Client; id: number; details: { name: string; email: string } }> {
  members += 1;
  const call = client();
  const tag = `pushmember${members}${Math.random().toString(36).slice(2, 6)}`;
  const details = { name: `Member ${tag}`, username: tag, email: `${tag}@example.com`, password: 'Gentle-Breath-42' };
  const signup = await call(stack.urls.members, 'POST', '/api/auth/signup', details);
  const login = await call(stack.urls.members, 'POST', '/api/auth/login', {
    email: details.email,
    password: details.password,
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { call, id: Number(signup.body.id), details };
}

const subscriptions = () => db.collection('push_subscriptions');
const subscribe = (call: Client, body: unknown) => call(stack.urls.content, 'POST', '/api/push/subscriptions', body);
const notificationsOf = (endpoint: string) =>
  push.receivedBy(endpoint).map((r) => (r.payload as DeclarativePush).notification);

let posts = 0;
async function publishPost(sendToSubscribers = true) {
  posts += 1;
  const postId = new mongoose.Types.ObjectId().toString();
  const slug = `letting-go-${posts}`;
  await publish(
    'blog.post_published',
    { postId, slug, title: `Letting go, part ${posts}`, excerpt: 'What we hold, holds us.', sendToSubscribers },
    postId,
  );
  return { postId, slug };
}

beforeAll(async () => {
  push = await startTestPushService();
  site = await startSite('push-test', {
    services: ['content', 'members', 'ai-worker'],
    env: {
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      NODE_EXTRA_CA_CERTS: push.caFile,
      SITE_URL,
      PUSH_BATCH_SIZE: '2',
      SEED_DEMO: 'false',
      // A program's intake reminder 3.6 s after its purchase, instead of two days.
      PORTAL_INTAKE_REMINDER_HOURS: '0.001',
    },
  });
  ({ stack, queues, publish, db } = site);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await push?.stop();
});

describe('push subscriptions', () => {
  it('gives the VAPID public key browsers subscribe with', async () => {
    const res = await client()(stack.urls.content, 'GET', '/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toBe(stack.env['ai-worker'].VAPID_PUBLIC_KEY);
    expect(Buffer.from(res.body.publicKey as string, 'base64url')).toHaveLength(65);
  });

  it('refuses bad subscriptions with 400, and member kinds from a visitor with 401, storing nothing', async () => {
    const visitor = client();
    const good = push.subscribe();
    const before = await subscriptions().countDocuments();
    const refused = [
      { subscription: { ...good, endpoint: good.endpoint.replace('https:', 'http:') }, kinds: ['posts'] },
      { subscription: { ...good, keys: { ...good.keys, p256dh: 'short' } }, kinds: ['posts'] },
      { subscription: good, kinds: [] },
      { subscription: good, kinds: ['everything'] },
      { subscription: good, kinds: ['posts'], extra: true },
    ];
    for (const body of refused) expect((await subscribe(visitor, body)).status).toBe(400);
    expect((await subscribe(visitor, { subscription: good, kinds: ['posts', 'replies'] })).status).toBe(401);
    expect(await subscriptions().countDocuments()).toBe(before);
  });

  it('changes or removes a subscription only for whoever holds it: its auth secret, or the member who made it', async () => {
    const owner = client();
    const browser = push.subscribe();
    expect((await subscribe(owner, { subscription: browser, kinds: ['posts'] })).status).toBe(201);
    // Someone who learnt the endpoint, with keys of her own: refused, the browser's keys and kinds kept.
    const stranger = client();
    const theirs = { ...browser, keys: push.subscribe().keys };
    expect((await subscribe(stranger, { subscription: theirs, kinds: ['posts'] })).status).toBe(403);
    const unsubscribe = (call: Client, auth: string) =>
      call(stack.urls.content, 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint, auth });
    expect((await unsubscribe(stranger, theirs.keys.auth)).status).toBe(403);
    expect((await subscribe(stranger, { subscription: { endpoint: browser.endpoint }, kinds: ['posts'] })).status).toBe(
      400,
    );
    expect(await subscriptions().findOne({ endpoint: browser.endpoint })).toMatchObject({
      keys: browser.keys,
      kinds: ['posts'],
    });
    // The browser itself changes its choice and turns it off.
    const member = await signedInMember();
    expect((await subscribe(member.call, { subscription: browser, kinds: ['posts', 'replies'] })).status).toBe(201);
    // A member's subscription: her session proves it too (her browser's keys renewed), another member's does not.
    const renewed = { ...browser, keys: push.subscribe().keys };
    const other = await signedInMember();
    expect((await subscribe(other.call, { subscription: renewed, kinds: ['replies'] })).status).toBe(403);
    expect((await subscribe(member.call, { subscription: renewed, kinds: ['replies'] })).status).toBe(201);
    expect(await subscriptions().findOne({ endpoint: browser.endpoint })).toMatchObject({
      keys: renewed.keys,
      kinds: ['replies'],
      userId: member.id,
    });
    expect((await unsubscribe(other.call, browser.keys.auth)).status).toBe(403);
    expect((await unsubscribe(member.call, browser.keys.auth)).status).toBe(200);
    expect(await subscriptions().findOne({ endpoint: browser.endpoint })).toBeNull();
  });
});

describe('notifications', () => {
  it('tells every subscribed browser of a new post once, encrypted for it, and drops the ones gone', async () => {
    const visitor = client();
    const browsers = [push.subscribe(), push.subscribe(), push.subscribe(), push.subscribe(), push.subscribe()];
    for (const subscription of browsers)
      expect((await subscribe(visitor, { subscription, kinds: ['posts'] })).status).toBe(201);
    const [gone, ...live] = browsers;
    push.answer(gone.endpoint, 410);

    const { slug } = await publishPost();
    await until(() => live.every((b) => push.receivedBy(b.endpoint).length === 1));
    await until(async () => !(await subscriptions().findOne({ endpoint: gone.endpoint })));
    const [message] = push.receivedBy(live[0].endpoint);
    expect(message.payload).toEqual({
      web_push: 8030,
      notification: expect.objectContaining({
        title: `Letting go, part ${posts}`,
        body: 'What we hold, holds us.',
        navigate: `${SITE_URL}/blog/${slug}`,
      }),
    });
    expect(message.ttl).toBe(7 * 24 * 3600);
    expect(message.urgency).toBe('low');
    expect(message.vapidKey).toBe(stack.env['ai-worker'].VAPID_PUBLIC_KEY);
    expect(push.refused.filter((r) => !r.includes('refused as told'))).toEqual([]);

    // A batch run again (a retry, another worker) notifies no one twice.
    const batches = await queues.get(QUEUES.pushSend).getJobs(['completed']);
    for (const batch of batches.filter((b) => b.data.path === `/blog/${slug}`))
      await queues.get(QUEUES.pushSend).add('batch', batch.data, { jobId: `${batch.id}.again` });
    await settle();
    for (const b of live) expect(push.receivedBy(b.endpoint)).toHaveLength(1);

    // A post not meant for subscribers, and a browser that turned notifications off, get nothing.
    await publishPost(false);
    expect(
      (
        await visitor(stack.urls.content, 'DELETE', '/api/push/subscriptions', {
          endpoint: live[0].endpoint,
          auth: live[0].keys.auth,
        })
      ).status,
    ).toBe(200);
    await publishPost();
    await until(() => push.receivedBy(live[1].endpoint).length === 2);
    await settle(500);
    expect(push.receivedBy(live[0].endpoint)).toHaveLength(1);
  });

  it('retries a push service that fails for now, and sends once it answers', async () => {
    const subscription = push.subscribe();
    await subscribe(client(), { subscription, kinds: ['posts'] });
    push.answer(subscription.endpoint, 503);
    await publishPost();
    await until(() => push.refused.some((r) => r.startsWith(subscription.endpoint.split('/').pop()!)));
    push.answer(subscription.endpoint, 0);
    await until(() => push.receivedBy(subscription.endpoint).length === 1);
  });

  it("tells a member of replies on her Circle post, and of her session's reminder", async () => {
    const author = await signedInMember();
    const replier = await signedInMember();
    const phone = push.subscribe();
    expect((await subscribe(author.call, { subscription: phone, kinds: ['replies', 'sessions'] })).status).toBe(201);

    const post = await author.call(stack.urls.members, 'POST', '/api/community/posts', {
      content: 'Today I sat with my fear.',
    });
    await author.call(stack.urls.members, 'POST', `/api/community/posts/${String(post.body.id)}/replies`, {
      content: 'I see you.',
    });
    await replier.call(stack.urls.members, 'POST', `/api/community/posts/${String(post.body.id)}/replies`, {
      content: 'Thank you for sharing this, it helped me.',
    });
    await until(() => push.receivedBy(phone.endpoint).length === 1);
    expect(notificationsOf(phone.endpoint)[0]).toMatchObject({
      title: 'A new reply to your post in the Sacred Circle',
      body: 'Thank you for sharing this, it helped me.',
      navigate: `${SITE_URL}/community`,
    });

    await publish(
      'booking.reminder_due',
      {
        bookingId: 'b1',
        userId: author.id,
        email: 'x@example.com',
        startTime: '2026-12-01T04:30:00.000Z',
        timeZone: 'Asia/Kolkata',
        eventName: 'Clarity call',
        joinUrl: null,
      },
      'booking-reminder.b1.1',
    );
    await until(() => push.receivedBy(phone.endpoint).length === 2);
    const reminder = push.receivedBy(phone.endpoint)[1];
    expect(reminder.urgency).toBe('high');
    expect((reminder.payload as DeclarativePush).notification).toMatchObject({
      title: 'Your session is tomorrow',
      body: 'Clarity call: Tuesday, 10:00 GMT+5:30',
      navigate: `${SITE_URL}/profile`,
    });
    // Her own reply told her nothing; the other member, not subscribed, got nothing.
    expect(push.receivedBy(phone.endpoint)).toHaveLength(2);
  });

  it('reminds a member of the weekly reflection on the day and hour she picked, in her time zone', async () => {
    const member = await signedInMember();
    const timeZone = 'America/New_York';
    const now = localDayAndHour(new Date(), timeZone);
    const due = push.subscribe();
    const later = push.subscribe();
    await subscribe(member.call, { subscription: due, kinds: ['reflection'], reflection: { ...now, timeZone } });
    await subscribe(member.call, {
      subscription: later,
      kinds: ['reflection'],
      reflection: { ...now, hour: (now.hour + 1) % 24, timeZone },
    });
    expect(
      (
        await subscribe(member.call, {
          subscription: later,
          kinds: ['reflection'],
          reflection: { day: 1, hour: 9, timeZone: 'Mars/Base' },
        })
      ).status,
    ).toBe(400);
    // The hourly look, twice in the same hour (two replicas, a retry): one reminder.
    await queues.get(QUEUES.push).add('reflection', {});
    await queues.get(QUEUES.push).add('reflection', {});
    await until(() => push.receivedBy(due.endpoint).length === 1);
    await settle();
    expect(push.receivedBy(due.endpoint)).toHaveLength(1);
    expect(push.receivedBy(later.endpoint)).toHaveLength(0);
    expect(notificationsOf(due.endpoint)[0]).toMatchObject({
      title: 'Your weekly reflection',
      navigate: `${SITE_URL}/community`,
    });
  });
});

describe("news of a client's program", () => {
  const PROGRAM = { id: 'heal-to-rise', title: 'Heal to Rise' };

  it('reaches the browsers where she allowed session reminders: her welcome, one intake reminder, a shared note and homework', async () => {
    const coach = client();
    expect((await coach(stack.urls.members, 'POST', '/api/admin/login', DEMO_ADMIN)).status).toBe(200);
    const setup = await coach(stack.urls.members, 'PUT', `/api/admin/programs/${PROGRAM.id}/portal`, {
      welcome: 'Welcome.',
      intake: { questions: [{ id: 'why', label: 'What brings you here?', kind: 'text', required: true }] },
      agreement: { text: 'Coaching is not therapy.' },
    });
    expect(setup.status).toBe(200);
    const buyer = await signedInMember();
    const other = await signedInMember();
    const phone = push.subscribe();
    const elsewhere = push.subscribe();
    expect((await subscribe(buyer.call, { subscription: phone, kinds: ['sessions'] })).status).toBe(201);
    // The other client allowed replies alone: nothing of her program is pushed to her.
    expect((await subscribe(other.call, { subscription: elsewhere, kinds: ['replies'] })).status).toBe(201);
    for (const { details } of [buyer, other]) {
      const sale = await coach(stack.urls.members, 'POST', '/api/admin/purchases', {
        programId: PROGRAM.id,
        name: details.name,
        email: details.email,
      });
      expect(sale.status).toBe(201);
    }

    // Her welcome, then, her intake still unanswered when the reminder is due, one reminder.
    await until(() => push.receivedBy(phone.endpoint).length === 2);
    const space = `${SITE_URL}/programs/${PROGRAM.id}`;
    expect(notificationsOf(phone.endpoint)).toEqual([
      expect.objectContaining({
        title: `Welcome to ${PROGRAM.title}`,
        body: 'Open your program space.',
        navigate: space,
      }),
      expect.objectContaining({ title: `A few questions before we begin ${PROGRAM.title}`, navigate: space }),
    ]);

    const notes = `/api/admin/clients/${buyer.id}/notes`;
    const privately = await coach(stack.urls.members, 'POST', notes, {
      programId: PROGRAM.id,
      text: 'Kept to myself',
      shared: false,
    });
    expect(privately.status).toBe(201);
    const shared = await coach(stack.urls.members, 'POST', notes, {
      programId: PROGRAM.id,
      text: 'Beautiful work this week.',
      shared: true,
    });
    expect(shared.status).toBe(201);
    await until(() => push.receivedBy(phone.endpoint).length === 3);
    const homework = await coach(stack.urls.members, 'POST', `/api/admin/clients/${buyer.id}/homework`, {
      programId: PROGRAM.id,
      prompt: 'Walk in silence for ten minutes.',
    });
    expect(homework.status).toBe(201);
    await until(() => push.receivedBy(phone.endpoint).length === 4);
    expect(notificationsOf(phone.endpoint).slice(2)).toEqual([
      expect.objectContaining({
        title: `A new note from your coach: ${PROGRAM.title}`,
        body: 'Beautiful work this week.',
        navigate: space,
      }),
      expect.objectContaining({
        title: `New homework: ${PROGRAM.title}`,
        body: 'Walk in silence for ten minutes.',
        navigate: space,
      }),
    ]);
    // The private note told her nothing; the reminder came once; the other client's phone heard nothing.
    await settle();
    expect(push.receivedBy(phone.endpoint)).toHaveLength(4);
    expect(push.receivedBy(elsewhere.endpoint)).toHaveLength(0);
  });
});
