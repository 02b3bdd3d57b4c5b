import { QUEUES, RECEIPT_PDFS } from '@coach/contracts';
import { createEventPublisher, createLogger, createQueues, createRedis, type Redis } from '@coach/kit';
import { startStack, startTestSmtp, type Stack, type TestSmtp } from '@coach/dev-stack';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const COACH = 'coach@example.test';
/** The coach the site is set up for: the e-mails speak for her, not for the placeholder coach. */
const IDENTITY = {
  COACH_NAME: 'Asha Rao',
  COACH_BOOKING_URL: 'https://cal.example/asha',
  COACH_WHATSAPP_NUMBER: '447700900123',
  MAIL_FROM: 'The Coach <hello@asha-rao.example>',
};
let smtp: TestSmtp;
let stack: Stack;
let redis: Redis;
let queues: ReturnType<typeof createQueues>;

const sentTo = (address: string) => smtp.sentTo(address);
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

async function contact(email: string, message = 'I would love to hear about the retreat in spring.') {
  const res = await fetch(`${stack.urls.content}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ name: 'Maya Rivers', email, subject: 'retreat', message }),
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  stack = await startStack({
    services: ['content', 'ai-worker'],
    env: {
      ...IDENTITY,
      SMTP_URL: smtp.url,
      COACH_EMAIL: COACH,
      WORKER_LOCK_MS: '1500',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
      MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: '3',
    },
    logLevel: 'silent',
  });
  const logger = createLogger('emails-test', 'silent');
  redis = createRedis(stack.redisUrl, logger, 'queues');
  queues = createQueues(redis, logger);
  await redis.ping();
});
afterAll(async () => {
  await queues?.close();
  await redis?.quit();
  await stack?.stop();
  await smtp?.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

describe('e-mails of events', () => {
  it('sends a contact message to the coach and an acknowledgement to the sender, each in HTML and text', async () => {
    await contact('maya@example.org');
    await until(() => smtp.received.length === 2);
    const [notification] = sentTo(COACH);
    expect(notification.raw).toMatch(/^Subject: New message from the contact form: Retreat Information\r?$/m);
    expect(notification.raw).toMatch(/^Reply-To: maya@example\.org/m);
    expect(notification.text).toContain('Name: Maya Rivers');
    expect(notification.text).toContain('I would love to hear about the retreat in spring.');
    const [acknowledgement] = sentTo('maya@example.org');
    expect(acknowledgement.raw).toMatch(/^Subject: Thank you for reaching out\r?$/m);
    expect(acknowledgement.text).toContain('Your message about "Retreat Information" has arrived safely');
    expect(acknowledgement.text).toContain("I'll get back to you within 24 hours");
    // Nothing the visitor wrote goes back out: not the message, not the name.
    expect(acknowledgement.text).not.toMatch(/retreat in spring|Maya|Rivers/);
    for (const mail of [notification, acknowledgement]) {
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
    }
  });

  it('speak for the configured coach: her name as sender and signature, her booking and WhatsApp links', async () => {
    await contact('reader@asha.example');
    await until(() => smtp.received.length === 2);
    const [acknowledgement] = sentTo('reader@asha.example');
    expect(acknowledgement.raw).toMatch(/^From: Asha Rao <hello@asha-rao\.example>/m);
    expect(acknowledgement.text).toMatch(/With warmth,\r?\nAsha Rao/);
    expect(acknowledgement.text).toContain('book a free 30-minute clarity call with me: https://cal.example/asha');
    expect(acknowledgement.text).toContain('https://wa.me/447700900123');
    expect(acknowledgement.text).toContain('Asha Rao Coaching');
    expect(acknowledgement.raw).not.toMatch(/Meera|The Coach|The coach/);
  });

  it('welcomes a new member with a subject and text that carry nothing the sign-up typed', async () => {
    await createEventPublisher(queues)(
      'member.signed_up',
      { userId: 7, name: 'Win a prize at evil.example', email: 'arun@example.org' },
      'user-7',
    );
    await until(() => smtp.received.length === 1);
    const [welcome] = sentTo('arun@example.org');
    expect(welcome.raw).toMatch(/^Subject: Welcome to the Sacred Circle\r?$/m);
    expect(welcome.text).toContain('Welcome to the Sacred Circle. I am so glad you are here.');
    expect(welcome.text).not.toMatch(/prize|evil/);
  });

  it('sends the coach her week in figures, with where to turn the e-mail off', async () => {
    await createEventPublisher(queues)(
      'insights.weekly_report',
      {
        weekEnding: '2026-11-22',
        visitors: 412,
        views: 1290,
        topPosts: [{ key: 'letting-go', count: 210 }],
        sources: [{ key: 'google.com', count: 96 }],
        conversions: { newsletter_subscribed: 9, booking_click: 4, chat_started: 0 },
      },
      'insights-weekly.2026-11-22',
    );
    await until(() => smtp.received.length === 1);
    const [report] = sentTo(COACH);
    expect(report.raw).toMatch(/^Subject: Your week on the site: 412 visitors, 1290 page views\r?$/m);
    for (const line of ['- letting-go: 210', '- google.com: 96', '- newsletter sign-ups: 9', '- booking clicks: 4'])
      expect(report.text).toContain(line);
    expect(report.text).not.toContain('chats started');
    expect(report.text).toContain('/admin/dashboard?section=insights');
  });

  it('e-mails a completed purchase’s receipt with its PDF attached, and a visitor her invitation to claim it', async () => {
    const receiptPdf = Buffer.from('%PDF-1.7 the receipt').toString('base64');
    const receiptRef = RECEIPT_PDFS.keyOf('p1');
    await redis.set(receiptRef, Buffer.from(receiptPdf, 'base64'), 'EX', RECEIPT_PDFS.ttlSeconds);
    await createEventPublisher(queues)(
      'purchase.completed',
      {
        purchaseId: 'p1',
        email: 'meera@example.org',
        name: 'Meera Iyer',
        productName: 'Heal to Rise',
        amount: 4_500_000,
        invoiceNumber: 'INV/2026-27/0007',
        receiptRef,
        claimToken: 'claim-token-0123456789abcdef',
      },
      'purchase-completed.p1',
    );
    await until(() => smtp.received.length === 1);
    const [receipt] = sentTo('meera@example.org');
    expect(receipt.raw).toMatch(/^Subject: Your receipt: Heal to Rise\r?$/m);
    expect(receipt.text).toContain('Your payment of =E2=82=B945,000 is received; your receipt INV/2026-27/0007 is attached'); // ₹, quoted-printable
    expect(receipt.text).toContain('/profile?claim=claim-token-0123456789abcdef');
    expect(receipt.raw).toMatch(/Content-Type: application\/pdf; name=receipt-INV-2026-27-0007\.pdf/);
    expect(receipt.raw).toContain(receiptPdf);
  });

  it('acknowledges an address at most 3 times an hour; the coach still gets every message and the visitor every 201', async () => {
    for (let i = 0; i < 5; i += 1) await contact('often@example.org', `Message number ${i + 1} about the retreat.`);
    await until(() => sentTo(COACH).length === 5);
    await settle();
    expect(sentTo('often@example.org')).toHaveLength(3);
    expect(
      sentTo(COACH)
        .map((m) => /Message number (\d)/.exec(m.text)?.[1])
        .sort(),
    ).toEqual(['1', '2', '3', '4', '5']);
  });
});
describe('e-mails under failure', () => {
  it('retries a failed send with backoff and sends again only the e-mail not yet sent', async () => {
    smtp.rejectOnce('retry@example.org');
    const rejectionsBefore = smtp.rejections();
    await contact('retry@example.org');
    await until(() => sentTo('retry@example.org').length === 1);
    await settle();
    expect(smtp.rejections()).toBe(rejectionsBefore + 1);
    expect(sentTo(COACH)).toHaveLength(1);
    expect(sentTo('retry@example.org')).toHaveLength(1);
  });

  it('keeps a job whose sends keep failing for inspection, with its retries planned', async () => {
    smtp.rejectAlways('nobody@example.org');
    await contact('nobody@example.org');
    const queue = queues.get(QUEUES.emails);
    await until(async () => (await queue.getDelayed()).some((j) => j.data.payload.email === 'nobody@example.org'));
    const [job] = (await queue.getDelayed()).filter((j) => j.data.payload.email === 'nobody@example.org');
    expect(job.failedReason).toMatch(/Mailbox busy/);
    expect(job.opts).toMatchObject({ attempts: 5, removeOnFail: false, backoff: { type: 'exponential' } });
    expect(sentTo(COACH)).toHaveLength(1); // the coach's notification went out once, before the failure
  });

  it('finishes the running job on SIGTERM, and sends nothing twice after a restart', async () => {
    const release = smtp.hold();
    await contact('term@example.org');
    await until(() => smtp.connections() >= 1); // the notification is being sent
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = stack.stopService('ai-worker', 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await stopped;
    expect(sentTo(COACH)).toHaveLength(1);
    expect(sentTo('term@example.org')).toHaveLength(1);
    await stack.startService('ai-worker');
    await settle();
    expect(smtp.received).toHaveLength(2);
  });

  it('completes the job of a worker killed mid-send once restarted, with exactly one e-mail each', async () => {
    const release = smtp.hold();
    await contact('kill@example.org');
    await until(() => smtp.connections() >= 1); // the notification is in flight
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stack.stopService('ai-worker', 'SIGKILL');
    await until(() => smtp.connections() === 0); // the server saw the client die
    release();
    expect(smtp.received).toHaveLength(0); // the dead client delivered nothing
    await stack.startService('ai-worker');
    await until(() => smtp.received.length === 2);
    await settle();
    expect(sentTo(COACH)).toHaveLength(1);
    expect(sentTo('kill@example.org')).toHaveLength(1);
  });
});
