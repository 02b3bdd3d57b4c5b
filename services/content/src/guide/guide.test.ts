import { randomBytes } from 'node:crypto';
import { FREE_GUIDE, GUIDE_NEWSLETTER_CONSENT, type GuideStats } from '@coach/contracts';
import { startStack, startTestSmtp, type Received, type Stack, type TestSmtp } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, settle, signInCoach, until } from '../testing/requests.ts';

// The free guide's path with real parts: content (requests, confirmations), ai-worker (the
// e-mails), members (the coach's session), MongoDB, Redis and an SMTP server.

let smtp: TestSmtp;
let stack: Stack;
let db: mongoose.Connection;
let adminCookie: string;

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  requestJson(`${stack.urls.content}${path}`, method, body, headers);
const askForGuide = (body: unknown, headers: Record<string, string> = {}) => call('POST', '/api/guide', body, headers);
const confirm = (token: string | null) => call('POST', '/api/guide/confirm', { token });
const stats = async () =>
  (await call('GET', '/api/admin/guide/stats', undefined, { cookie: adminCookie })).body as GuideStats;
const requests = () => db.collection('guide_requests');
const subscriberOf = (email: string) => db.collection('newsletter_subscribers').findOne({ email });

/** The token of the guide link in a message. */
function guideToken(mail: Received): string | null {
  const match = /http:\/\/localhost:8080\/guide\/confirm\?token=([\w-]+)/.exec(mail.text);
  return match ? match[1]! : null;
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  stack = await startStack({
    services: ['content', 'members', 'ai-worker'],
    env: { SMTP_URL: smtp.url, MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: '3' },
    logLevel: 'silent',
  });
  db = await mongoose.createConnection(stack.env.content.MONGO_URL).asPromise();
  adminCookie = await signInCoach(stack.urls.members);
}, 120_000);
afterAll(async () => {
  await db?.close();
  await stack?.stop();
  await smtp?.stop();
});

describe('the free guide', () => {
  it('refuses an invalid e-mail with the site’s message, and a newsletter choice that is not yes or no; stores nothing', async () => {
    expect(await askForGuide({ email: 'not-an-address', newsletter: false })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address' },
    });
    expect((await askForGuide({ email: 'ok@example.org', newsletter: 'yes' })).status).toBe(400);
    expect((await askForGuide({ email: { $gt: '' }, newsletter: false })).status).toBe(400);
    expect((await askForGuide({ email: 'ok@example.org', newsletter: false, admin: true })).status).toBe(400);
    expect(await requests().countDocuments({ email: 'ok@example.org' })).toBe(0);
  });

  it('mails a link that confirms the address and leads to the download; the newsletter is not joined unasked', async () => {
    const before = await stats();
    expect(await askForGuide({ email: 'Seeker@Example.org', newsletter: false })).toMatchObject({
      status: 202,
      body: { ok: true },
    });
    await until(() => smtp.sentTo('seeker@example.org').length === 1);
    const [mail] = smtp.sentTo('seeker@example.org');
    expect(/^Subject: (.*)$/m.exec(mail!.raw)?.[1]).toBe(`Your free guide: ${FREE_GUIDE.title}`);
    expect(mail!.text).not.toContain('newsletter');
    const token = guideToken(mail!);
    // The token is kept only as a hash.
    expect(JSON.stringify(await requests().findOne({ email: 'seeker@example.org' }))).not.toContain(token);
    expect(await stats()).toEqual({ ...before, requested: before.requested + 1 });

    const confirmed = await confirm(token);
    expect(confirmed).toMatchObject({ status: 200, body: { downloadUrl: FREE_GUIDE.pdfPath, newsletter: false } });
    expect((await confirm(token)).status).toBe(200); // again: no change
    expect(await subscriberOf('seeker@example.org')).toBeNull();
    expect(await stats()).toEqual({ ...before, requested: before.requested + 1, confirmed: before.confirmed + 1 });
  });

  it('with the box ticked, the confirmation also subscribes her, and keeps the consent’s words and time', async () => {
    const before = await stats();
    await askForGuide({ email: 'joiner@example.org', newsletter: true });
    await until(() => smtp.sentTo('joiner@example.org').length === 1);
    const [mail] = smtp.sentTo('joiner@example.org');
    expect(mail!.text).toContain('confirming also subscribes you to the weekly newsletter');
    // Not subscribed before she confirms: the link is the double opt-in.
    expect(await subscriberOf('joiner@example.org')).toBeNull();

    const asked = Date.now();
    expect(await confirm(guideToken(mail!))).toMatchObject({ status: 200, body: { newsletter: true } });
    expect(await subscriberOf('joiner@example.org')).toMatchObject({ state: 'confirmed' });
    const { newsletterConsent } = (await requests().findOne({ email: 'joiner@example.org' }))!;
    expect(newsletterConsent.wording).toBe(GUIDE_NEWSLETTER_CONSENT);
    expect(newsletterConsent.confirmedAt.getTime()).toBeGreaterThanOrEqual(asked - 1000);
    expect(await stats()).toEqual({
      requested: before.requested + 1,
      confirmed: before.confirmed + 1,
      joinedNewsletter: before.joinedNewsletter + 1,
    });
  });

  it('refuses a forged, malformed or expired link and changes nothing', async () => {
    const before = await stats();
    expect((await confirm(randomBytes(32).toString('base64url'))).status).toBe(404);
    expect((await call('POST', '/api/guide/confirm', { token: { $ne: '' } })).status).toBe(400);
    await askForGuide({ email: 'late@example.org', newsletter: true });
    await until(() => smtp.sentTo('late@example.org').length === 1);
    await requests().updateOne(
      { email: 'late@example.org' },
      { $set: { confirmExpiresAt: new Date(Date.now() - 1000) } },
    );
    expect(await confirm(guideToken(smtp.sentTo('late@example.org')[0]!))).toMatchObject({
      status: 404,
      body: { message: 'This link is invalid or has expired. Please ask for the guide again on the Coaching page.' },
    });
    expect(await subscriberOf('late@example.org')).toBeNull();
    expect(await stats()).toEqual({ ...before, requested: before.requested + 1 });
  });

  it('answers a request sent again with its Idempotency-Key as before, and mails once', async () => {
    const key = { 'idempotency-key': `guide-${randomBytes(8).toString('hex')}` };
    const first = await askForGuide({ email: 'twice@example.org', newsletter: false }, key);
    const again = await askForGuide({ email: 'twice@example.org', newsletter: false }, key);
    expect(again.status).toBe(first.status);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await until(() => smtp.sentTo('twice@example.org').length === 1);
    await settle();
    expect(smtp.sentTo('twice@example.org')).toHaveLength(1);
  });

  it('mails one address no more often than the newsletter does, the two forms counted together', async () => {
    await call('POST', '/api/newsletter', { email: 'busy@example.org' });
    await call('POST', '/api/newsletter', { email: 'busy@example.org' });
    for (let i = 0; i < 3; i += 1)
      expect((await askForGuide({ email: 'busy@example.org', newsletter: false })).status).toBe(202);
    await until(() => smtp.sentTo('busy@example.org').length === 3);
    await settle();
    expect(smtp.sentTo('busy@example.org')).toHaveLength(3);
    expect(smtp.sentTo('busy@example.org').filter((m) => guideToken(m) !== null)).toHaveLength(1);
  });
});
