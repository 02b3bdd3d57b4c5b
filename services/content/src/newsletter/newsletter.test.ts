import { randomBytes } from 'node:crypto';
import { QUEUES, type NewsletterSubscriber, type PostMailingStats } from '@coach/contracts';
import { storeConfirmedSubscribers, startTestSmtp, type Received, type Stack, type TestSmtp } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, settle, signInCoach, until } from '../testing/requests.ts';
import { startSite, type Site } from '../testing/site.ts';

// The whole path of a newsletter with real parts: content (subscriptions, fan-out), ai-worker
// (sending, delivery records), members (the coach's session), MongoDB, Redis and an SMTP server.

const BATCH_SIZE = 50;
let smtp: TestSmtp;
let site: Site;
let stack: Stack;
let queues: Site['queues'];
let db: mongoose.Connection;
let adminCookie: string;
let publish: Site['publish'];

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  requestJson(`${stack.urls.content}${path}`, method, body, headers);
const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, body, { cookie: adminCookie });
const subscribe = (email: string) =>
  call('POST', '/api/newsletter', { email }, { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` });

/** Headers of a received message, folded lines joined. */
const header = (mail: Received, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim();
/** A link of the site in a message's text part: its path and query. */
function linkIn(mail: Received, path: string): string {
  const match = new RegExp(`http://localhost:8080(${path.replace(/\//g, '\\/')}\\?[\\w=&%.-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the message`);
  return match[1];
}
/** The token of a link of the site in a message. */
const tokenIn = (mail: Received, path: string) => new URLSearchParams(linkIn(mail, path).split('?')[1]).get('token');

const subscribers = () => db.collection('newsletter_subscribers');
/** Stores confirmed subscribers as the confirmation link leaves them; returns their addresses. */
async function confirmedSubscribers(prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.org`);
  await storeConfirmedSubscribers(db, emails);
  return emails;
}
const stateOf = async (email: string) => (await subscribers().findOne({ email }))?.state as string | undefined;

let posts = 0;
/** Publishes a new post (as the blog does, once per post) and returns its id. */
async function publishPost(sendToSubscribers = true, postId = new mongoose.Types.ObjectId().toString()) {
  posts += 1;
  await publish(
    'blog.post_published',
    {
      postId,
      slug: `reflection-${posts}`,
      title: `Reflection ${posts}: letting go`,
      excerpt: 'On softening.',
      sendToSubscribers,
    },
    `${postId}-${posts}`,
  );
  return postId;
}
const mailsOf = (postId: string) =>
  smtp.received.filter((m) => m.raw.includes(`mailing=${postId}`) || m.text.includes(`mailing=${postId}`));
const receivedBy = (email: string, postId: string) => mailsOf(postId).filter((m) => m.to.includes(email)).length;
const stats = async (postId: string) =>
  (await asAdmin('GET', `/api/admin/newsletter/posts/${postId}`)).body as PostMailingStats;

beforeAll(async () => {
  smtp = await startTestSmtp();
  site = await startSite('newsletter-test', {
    services: ['content', 'members', 'ai-worker'],
    env: {
      SMTP_URL: smtp.url,
      WORKER_LOCK_MS: '1500',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
      MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: '3',
      NEWSLETTER_BATCH_SIZE: String(BATCH_SIZE),
    },
    logLevel: 'silent',
  });
  ({ stack, queues, publish, db } = site);
  adminCookie = await signInCoach(stack.urls.members);
}, 120_000);
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

describe('double opt-in', () => {
  it('stores a pending subscriber, mails a confirmation link, and mails posts only once confirmed', async () => {
    const [control] = await confirmedSubscribers('optin-control', 1);
    expect((await subscribe('Reader@Example.org')).status).toBe(202);
    await until(() => smtp.sentTo('reader@example.org').length === 1);
    const [confirmation] = smtp.sentTo('reader@example.org');
    expect(header(confirmation, 'Subject')).toBe('Please confirm your subscription');
    expect(header(confirmation, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:8080\/api\/newsletter\/unsubscribe\?token=[\w-]+>$/,
    );
    expect(header(confirmation, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(confirmation.raw).toMatch(/Content-Type: text\/plain/);
    expect(confirmation.raw).toMatch(/Content-Type: text\/html/);
    const list = (await asAdmin('GET', '/api/newsletter-subscribers')).body as unknown as NewsletterSubscriber[];
    expect(list.find((s) => s.email === 'reader@example.org')).toMatchObject({ state: 'pending' });

    // The token is stored only as a hash.
    const token = tokenIn(confirmation, '/newsletter/confirm')!;
    const stored = await subscribers().findOne({ email: 'reader@example.org' });
    expect(JSON.stringify(stored)).not.toContain(token);

    const beforeConfirming = await publishPost();
    await until(() => receivedBy(control, beforeConfirming) === 1);
    await settle();
    expect(receivedBy('reader@example.org', beforeConfirming)).toBe(0);

    expect(await call('POST', '/api/newsletter/confirm', { token })).toMatchObject({
      status: 200,
      body: { message: 'Your subscription is confirmed.' },
    });
    expect((await call('POST', '/api/newsletter/confirm', { token })).status).toBe(200); // again: no change
    const after = (await asAdmin('GET', '/api/newsletter-subscribers')).body as unknown as NewsletterSubscriber[];
    expect(after.find((s) => s.email === 'reader@example.org')).toMatchObject({ state: 'confirmed' });

    const afterConfirming = await publishPost();
    await until(() => receivedBy('reader@example.org', afterConfirming) === 1);
    // Subscribing again once confirmed sends nothing and changes nothing.
    expect((await subscribe('reader@example.org')).status).toBe(202);
    await settle();
    expect(smtp.sentTo('reader@example.org')).toHaveLength(2);
    expect(await stateOf('reader@example.org')).toBe('confirmed');
  });

  it('refuses a forged, malformed or expired link (404 or 400) and changes nothing', async () => {
    await subscribe('late@example.org');
    await until(() => smtp.sentTo('late@example.org').length === 1);
    const token = tokenIn(smtp.sentTo('late@example.org')[0], '/newsletter/confirm')!;
    expect(
      (await call('POST', '/api/newsletter/confirm', { token: randomBytes(32).toString('base64url') })).status,
    ).toBe(404);
    expect((await call('POST', '/api/newsletter/confirm', { token: { $ne: '' } })).status).toBe(400);
    expect((await call('POST', '/api/newsletter/confirm', {})).status).toBe(400);
    await subscribers().updateOne(
      { email: 'late@example.org' },
      { $set: { confirmExpiresAt: new Date(Date.now() - 1000) } },
    );
    expect(await call('POST', '/api/newsletter/confirm', { token })).toMatchObject({
      status: 404,
      body: { message: 'This confirmation link is invalid or has expired. Please subscribe again on the blog.' },
    });
    expect(await stateOf('late@example.org')).toBe('pending');
  });

  it('sends one address at most 3 e-mails an hour however often it is subscribed, answering 202 every time', async () => {
    for (let i = 0; i < 5; i += 1) expect((await subscribe('flood@example.org')).status).toBe(202);
    await until(() => smtp.sentTo('flood@example.org').length === 3);
    await settle();
    expect(smtp.sentTo('flood@example.org')).toHaveLength(3);
    // Every link mailed confirms, whichever e-mail she opens: they may arrive in any order.
    const tokens = smtp.sentTo('flood@example.org').map((m) => tokenIn(m, '/newsletter/confirm'));
    const answers = await Promise.all(tokens.map((token) => call('POST', '/api/newsletter/confirm', { token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await stateOf('flood@example.org')).toBe('confirmed');
  });

  it('confirms nothing by a link mailed before she unsubscribed, once she subscribes again', async () => {
    const email = 'changed-mind@example.org';
    await subscribe(email);
    await until(() => smtp.sentTo(email).length === 1);
    const [before] = smtp.sentTo(email);
    const unsubscribe = { token: tokenIn(before, '/newsletter/unsubscribe') };
    expect((await call('POST', '/api/newsletter/unsubscribe', unsubscribe)).status).toBe(200);
    await subscribe(email);
    await until(() => smtp.sentTo(email).length === 2);
    const oldLink = { token: tokenIn(before, '/newsletter/confirm') };
    expect((await call('POST', '/api/newsletter/confirm', oldLink)).status).toBe(404);
    expect(await stateOf(email)).toBe('pending');
    const newLink = { token: tokenIn(smtp.sentTo(email)[1], '/newsletter/confirm') };
    expect((await call('POST', '/api/newsletter/confirm', newLink)).status).toBe(200);
  });

  it('lets only the coach read the subscribers and change the settings', async () => {
    expect((await call('GET', '/api/newsletter-subscribers')).status).toBe(401);
    expect((await call('PUT', '/api/admin/newsletter/settings', { delivery: 'weekly-digest' })).status).toBe(401);
    expect((await call('GET', `/api/admin/newsletter/posts/${new mongoose.Types.ObjectId()}`)).status).toBe(401);
    expect((await asAdmin('PUT', '/api/admin/newsletter/settings', { delivery: 'monthly' })).status).toBe(400);
    expect((await asAdmin('GET', '/api/admin/newsletter/settings')).body).toEqual({ delivery: 'per-post' });
  });
});

describe('a post to the subscribers', () => {
  let audience: string[];
  beforeAll(async () => {
    await subscribers().deleteMany({});
    audience = await confirmedSubscribers('reader', 3 * BATCH_SIZE - 10);
    await subscribers().insertMany([
      { email: 'pending@example.org', state: 'pending', subscribedAt: new Date(), unsubscribeToken: 'p'.repeat(43) },
      { email: 'gone@example.org', state: 'unsubscribed', subscribedAt: new Date(), unsubscribeToken: 'g'.repeat(43) },
    ]);
  });

  it('reaches every confirmed subscriber exactly once, in batches, with HTML, text and one-click unsubscribe', async () => {
    smtp.rejectAlways(audience[7], 550);
    const postId = await publishPost();
    await until(() => mailsOf(postId).length === audience.length - 1);
    // The same post again (edited and published anew) sends nothing more.
    await publishPost(true, postId);
    await settle();
    for (const email of audience) expect(receivedBy(email, postId)).toBe(email === audience[7] ? 0 : 1);
    expect(receivedBy('pending@example.org', postId) + receivedBy('gone@example.org', postId)).toBe(0);
    expect(await stats(postId)).toEqual({
      postId,
      mailed: true,
      sent: audience.length - 1,
      failed: 1,
      unsubscribed: 0,
    });
    const batches = await queues.get(QUEUES.newsletterSend).getJobs(['completed']);
    expect(batches.filter((job) => job.data.mailingId === postId)).toHaveLength(3);

    const mail = mailsOf(postId)[0];
    expect(header(mail, 'Subject')).toMatch(/^Reflection \d+: letting go$/);
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<http://localhost:8080/api/newsletter/unsubscribe\\?token=[\\w-]+&mailing=${postId}>$`),
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.text).toMatch(/Read the full reflection: http:\/\/localhost:8080\/blog\/reflection-\d+/);
    expect(linkIn(mail, '/newsletter/unsubscribe')).toContain(`mailing=${postId}`);
  });

  it('mails nothing for a post published without sending', async () => {
    const postId = await publishPost(false);
    await settle(2500);
    expect(mailsOf(postId)).toHaveLength(0);
    expect(await stats(postId)).toMatchObject({ mailed: false, sent: 0 });
  });

  it('unsubscribes with one click and no session; the link again, or forged, changes nothing else', async () => {
    const postId = await publishPost();
    await until(() => mailsOf(postId).length === audience.length - 1);
    const [leaving, staying] = [audience[3], audience[4]];
    const mail = mailsOf(postId).find((m) => m.to.includes(leaving))!;
    const oneClick = header(mail, 'List-Unsubscribe')!
      .slice(1, -1)
      .replace('http://localhost:8080', stack.urls.content);
    const click = () =>
      fetch(oneClick, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await click()).status).toBe(200);
    expect(await stateOf(leaving)).toBe('unsubscribed');
    const unsubscribedAt = (await subscribers().findOne({ email: leaving }))!.unsubscribedAt;
    expect((await click()).status).toBe(200);
    expect((await subscribers().findOne({ email: leaving }))!.unsubscribedAt).toEqual(unsubscribedAt);
    // The site's page sends the same token as JSON.
    const page = new URLSearchParams(linkIn(mail, '/newsletter/unsubscribe').split('?')[1]);
    expect((await call('POST', '/api/newsletter/unsubscribe', Object.fromEntries(page))).status).toBe(200);
    const forged = await call('POST', '/api/newsletter/unsubscribe', { token: randomBytes(32).toString('base64url') });
    expect(forged).toMatchObject({ status: 404, body: { message: 'This unsubscribe link is not valid.' } });
    expect((await call('POST', '/api/newsletter/unsubscribe?token=x', undefined)).status).toBe(400);
    expect(await stateOf(staying)).toBe('confirmed');
    expect(await subscribers().countDocuments({ state: 'unsubscribed' })).toBe(2); // gone@ and the one who left
    expect(await stats(postId)).toMatchObject({ unsubscribed: 1 });

    const next = await publishPost();
    await until(() => mailsOf(next).length === audience.length - 2);
    await settle();
    expect(receivedBy(leaving, next)).toBe(0);
    expect(receivedBy(staying, next)).toBe(1);
  });

  it('sends, after a worker killed mid-batch restarts, every e-mail it had not delivered, and none twice', async () => {
    const release = smtp.hold();
    const postId = await publishPost();
    await until(() => smtp.connections() > 0);
    await settle(500);
    await stack.stopService('ai-worker', 'SIGKILL');
    await until(() => smtp.connections() === 0);
    release();
    expect(mailsOf(postId)).toHaveLength(0); // the dead worker delivered nothing
    await stack.startService('ai-worker');
    const recipients = (await subscribers().countDocuments({ state: 'confirmed' })) - 1; // one refuses for good
    await until(() => mailsOf(postId).length === recipients);
    await settle();
    expect(mailsOf(postId)).toHaveLength(recipients);
    expect(new Set(mailsOf(postId).map((m) => m.to[0])).size).toBe(recipients);
  });

  it('skips, when a batch runs again after a crash, the deliveries recorded as sent', async () => {
    const postId = new mongoose.Types.ObjectId().toString();
    // What a worker that died mid-batch left: 30 e-mails sent, 10 claimed and in flight.
    const first = await subscribers().find({ state: 'confirmed' }).sort({ _id: 1 }).limit(40).toArray();
    await db.collection('newsletter_deliveries').insertMany(
      first.map((s, i) => ({
        mailingId: postId,
        subscriberId: s._id.toString(),
        state: i < 30 ? 'sent' : 'sending',
      })),
    );
    await publishPost(true, postId);
    const refusing = first.slice(0, 30).some((s) => s.email === audience[7]) ? 0 : 1;
    const recipients = (await subscribers().countDocuments({ state: 'confirmed' })) - 30 - refusing;
    await until(() => mailsOf(postId).length === recipients);
    await settle();
    for (const [i, s] of first.entries()) expect(receivedBy(s.email as string, postId)).toBe(i < 30 ? 0 : 1);
    expect(mailsOf(postId)).toHaveLength(recipients);
  });
});

describe('the weekly digest', () => {
  it('gathers the week’s posts into one e-mail per subscriber, once, when the coach chose it', async () => {
    await subscribers().deleteMany({});
    const audience = await confirmedSubscribers('digest', 12);
    expect((await asAdmin('PUT', '/api/admin/newsletter/settings', { delivery: 'weekly-digest' })).status).toBe(200);
    expect((await asAdmin('GET', '/api/admin/newsletter/settings')).body).toEqual({ delivery: 'weekly-digest' });
    const [one, two] = [await publishPost(), await publishPost()];
    await settle(2500);
    expect(mailsOf(one).length + mailsOf(two).length).toBe(0);

    const newsletterQueue = queues.get(QUEUES.newsletter);
    await newsletterQueue.add('digest', {}, { jobId: 'digest-test-1' });
    const digests = () => smtp.received.filter((m) => /Subject: This week's reflections/.test(m.raw));
    await until(() => digests().length === audience.length);
    await newsletterQueue.add('digest', {}, { jobId: 'digest-test-2' }); // the same day's digest again
    await settle(2500);
    expect(digests()).toHaveLength(audience.length);
    for (const email of audience) expect(digests().filter((m) => m.to.includes(email))).toHaveLength(1);
    const mail = digests()[0];
    expect(mail.text).toContain(`Reflection ${posts - 1}: letting go`);
    expect(mail.text).toContain(`Reflection ${posts}: letting go`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(await stats(one)).toMatchObject({ mailed: true, sent: audience.length });
    expect(await stats(two)).toMatchObject({ mailed: true, sent: audience.length });
    await asAdmin('PUT', '/api/admin/newsletter/settings', { delivery: 'per-post' });
  });
});
