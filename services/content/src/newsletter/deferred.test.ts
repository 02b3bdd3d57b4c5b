import { startTestSmtp, type Received, type TestSmtp } from '@coach/dev-stack';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createMailRequestLimit } from '../mail-requests/limit.ts';
import { createOutbox } from '../outbox/outbox.ts';
import { postJson, startContent, workerDuringSuite, type Content } from '../testing/harness.ts';
import { sendDeferredConfirmations } from './deferred.ts';
import { SubscriberModel } from './model.ts';

// The content service in-process, on a clock the test moves on by the hour; ai-worker sending
// to a real SMTP server; real mongod and redis-server. The allowance is 3 e-mails an hour.
const HOUR = 3600_000;
let content: Content;
let smtp: TestSmtp;
beforeAll(async () => {
  [content, smtp] = await Promise.all([startContent(), startTestSmtp()]);
});
afterAll(async () => {
  await content?.stop();
  await smtp?.stop();
});
workerDuringSuite(() => ({ ...content.workerEnv, SMTP_URL: smtp.url }));
afterEach(() => {
  vi.useRealTimers();
});

/** Sets the clock to the start of an hour later than any used before; it runs on from there. */
function startOfNextHour(): number {
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: start });
  return start;
}
const nextHour = (start: number) => {
  vi.setSystemTime(start + HOUR);
  return start + HOUR;
};

async function until(check: () => boolean, timeoutMs = 20_000) {
  for (const started = performance.now(); performance.now() - started < timeoutMs;) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

const subscribe = (email: string) => postJson(`${content.url}/api/newsletter`, { email });
/** The token of a link of the site in a received e-mail. */
function tokenIn(mail: Received, path: '/newsletter/confirm' | '/newsletter/unsubscribe'): string {
  const match = new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the message`);
  return match[1];
}
const leaveBy = (mail: Received) =>
  postJson(`${content.url}/api/newsletter/unsubscribe`, { token: tokenIn(mail, '/newsletter/unsubscribe') });
const confirmBy = (mail: Received) =>
  postJson(`${content.url}/api/newsletter/confirm`, { token: tokenIn(mail, '/newsletter/confirm') });
const stateOf = async (email: string) => (await SubscriberModel.findOne({ email }).lean())?.state;

/**
 * The periodic sweep of a content replica, new each time as after a restart: only MongoDB
 * remembers a deferral. Two replicas may sweep at once.
 */
const sweep = () =>
  sendDeferredConfirmations({
    outbox: createOutbox(content.publish, content.logger),
    mailLimit: createMailRequestLimit(3),
    confirmHours: 48,
  });

/** Subscribes, and leaves by the link of the confirmation e-mail, until `email` has `count` e-mails. */
async function subscribeAndLeave(email: string, count: number) {
  while (smtp.sentTo(email).length < count) {
    const received = smtp.sentTo(email).length;
    expect((await subscribe(email)).status).toBe(202);
    await until(() => smtp.sentTo(email).length === received + 1);
    expect((await leaveBy(smtp.sentTo(email)[received])).status).toBe(200);
  }
  expect(await stateOf(email)).toBe('unsubscribed');
}

it('mails the confirmation of a subscription past the hourly allowance once the next hour has room, once', async () => {
  const email = 'returning@example.org';
  const start = startOfNextHour();
  await subscribeAndLeave(email, 3);
  // She subscribes again, more than once: answered as always, and kept as waiting for her link.
  for (let i = 0; i < 3; i += 1) expect((await subscribe(email)).status).toBe(202);
  expect(await stateOf(email)).toBe('pending');
  await sweep();
  await settle();
  expect(smtp.sentTo(email)).toHaveLength(3);

  nextHour(start);
  await Promise.all([sweep(), sweep()]);
  await until(() => smtp.sentTo(email).length === 4);
  await sweep();
  await settle();
  expect(smtp.sentTo(email)).toHaveLength(4);
  expect(await confirmBy(smtp.sentTo(email)[3])).toMatchObject({
    status: 200,
    body: { message: 'Your subscription is confirmed.' },
  });
  expect(await stateOf(email)).toBe('confirmed');
});

it('counts a deferred confirmation in the hour it is sent: never more than 3 e-mails an hour to an address', async () => {
  const email = 'twice-returning@example.org';
  const start = startOfNextHour();
  await subscribeAndLeave(email, 3);
  expect((await subscribe(email)).status).toBe(202);

  const second = nextHour(start);
  await sweep();
  await until(() => smtp.sentTo(email).length === 4);
  // The deferred e-mail took one of this hour's 3: two more subscriptions get theirs, a third waits.
  expect((await leaveBy(smtp.sentTo(email)[3])).status).toBe(200);
  await subscribeAndLeave(email, 6);
  expect((await subscribe(email)).status).toBe(202);
  await sweep();
  await settle();
  expect(smtp.sentTo(email)).toHaveLength(6);

  nextHour(second);
  await sweep();
  await until(() => smtp.sentTo(email).length === 7);
  expect((await confirmBy(smtp.sentTo(email)[6])).status).toBe(200);
  expect(await stateOf(email)).toBe('confirmed');
});

it('owes no later e-mail to an address subscribed past the allowance while the link mailed last works', async () => {
  const email = 'flooded@example.org';
  const start = startOfNextHour();
  for (let i = 0; i < 5; i += 1) expect((await subscribe(email)).status).toBe(202);
  await until(() => smtp.sentTo(email).length === 3);

  nextHour(start);
  await sweep();
  await settle();
  expect(smtp.sentTo(email)).toHaveLength(3);
  expect((await confirmBy(smtp.sentTo(email)[2])).status).toBe(200);
  expect(await stateOf(email)).toBe('confirmed');
});
