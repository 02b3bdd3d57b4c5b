import type { AddressInfo } from 'node:net';
import { QUEUES } from '@coach/contracts';
import { createEventPublisher, createLogger, createQueues, createRedis, type Redis } from '@coach/kit';
import { startStack, type Stack } from '@coach/kit/embedded';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

interface Received {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft line breaks joined. */
  text: string;
}

/**
 * A real SMTP server on a free port that collects what it accepts. A message counts as delivered
 * only when the server answers 250 to a client still connected: `hold()` delays that answer, and a
 * client that dies meanwhile has delivered nothing, as with any SMTP server.
 */
async function startSmtp() {
  const received: Received[] = [];
  const open = new Set<string>();
  const closed = new Set<string>();
  let held: Promise<void> | undefined;
  const rejectOnce = new Set<string>();
  const rejectAlways = new Set<string>();
  let rejections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      if (rejectAlways.has(to) || rejectOnce.delete(to)) {
        rejections += 1;
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        await held;
        if (closed.has(session.id)) return callback(new Error('client gone'));
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: raw.replace(/=\r?\n/g, '') });
        callback();
      });
    },
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
      closed.add(session.id);
    },
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.server.once('listening', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejections: () => rejections,
    rejectOnce: (address: string) => rejectOnce.add(address),
    rejectAlways: (address: string) => rejectAlways.add(address),
    /** Holds every message's final answer until the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    /** Clients connected right now. */
    connections: () => open.size,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const COACH = 'coach@example.test';
/** The coach the site is set up for: the e-mails speak for her, not for the placeholder coach. */
const IDENTITY = {
  COACH_NAME: 'Asha Rao',
  COACH_BOOKING_URL: 'https://cal.example/asha',
  COACH_WHATSAPP_NUMBER: '447700900123',
  MAIL_FROM: 'The Coach <hello@asha-rao.example>',
};
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let stack: Stack;
let redis: Redis;
let queues: ReturnType<typeof createQueues>;

const sentTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
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
  smtp = await startSmtp();
  stack = await startStack({
    services: ['content', 'ai-worker'],
    env: {
      ...IDENTITY,
      SMTP_URL: smtp.url,
      COACH_EMAIL: COACH,
      WORKER_LOCK_MS: '1500',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    },
    logLevel: 'silent',
  });
  redis = createRedis(stack.redisUrl, createLogger('emails-test', 'silent'), 'queues');
  queues = createQueues(redis);
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
    expect(notification.raw).toMatch(/^Subject: New message from Maya Rivers: Retreat Information/m);
    expect(notification.raw).toMatch(/^Reply-To: maya@example\.org/m);
    expect(notification.text).toContain('I would love to hear about the retreat in spring.');
    const [acknowledgement] = sentTo('maya@example.org');
    expect(acknowledgement.raw).toMatch(/^Subject: Thank you for reaching out/m);
    expect(acknowledgement.text).toContain("I'll get back to you within 24 hours");
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

  it('welcomes a newsletter subscriber and a new member', async () => {
    const res = await fetch(`${stack.urls.content}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.org' }),
    });
    expect(res.status).toBe(201);
    await createEventPublisher(queues)(
      'member.signed_up',
      { userId: 7, name: 'Arun', email: 'arun@example.org' },
      'user-7',
    );
    await until(() => smtp.received.length === 2);
    expect(sentTo('reader@example.org')[0].text).toContain(
      "You'll receive weekly insights and inspiration in your inbox",
    );
    expect(sentTo('arun@example.org')[0].raw).toMatch(/^Subject: Welcome to the Sacred Circle, Arun/m);
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
    await until(() => smtp.connections() === 1); // the notification is being sent
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
    await until(() => smtp.connections() === 1); // the notification is in flight
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
