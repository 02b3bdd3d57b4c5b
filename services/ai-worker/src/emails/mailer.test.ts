import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SITE_IDENTITY } from '@coach/site-rules';
import { makeTestCertificate, startTestSmtp } from '@coach/dev-stack';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { emailsFor } from './templates.ts';

const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));

const settings = { coachEmail: 'coach@example.com', siteUrl: 'https://coach.example', identity: DEFAULT_SITE_IDENTITY };
const event = {
  id: 'msg-1',
  name: 'contact.received' as const,
  occurredAt: new Date().toISOString(),
  payload: {
    messageId: 'msg-1',
    name: 'Lee <script>\r\nBcc: x@evil.example',
    email: 'lee@example.org',
    subject: 'general',
    message: 'Hello & thank you <b>so</b> much.',
    acknowledge: true,
  },
};

describe('the embedded outbox', () => {
  it('writes each e-mail as one .eml file named by event and kind, rewritten (not doubled) when sent again', async () => {
    const mailer = createMailer({
      outboxDir,
      from: { name: DEFAULT_SITE_IDENTITY.name, address: 'coach@example.com' },
      domain: 'coach.example',
    });
    for (const email of emailsFor(event, settings)) await mailer.send(email, `${event.id}.${email.kind}`);
    const [notification] = emailsFor(event, settings);
    await mailer.send(notification, `${event.id}.${notification.kind}`);
    mailer.close();
    expect(readdirSync(outboxDir).sort()).toEqual(['msg-1.coach-notification.eml', 'msg-1.sender-acknowledgement.eml']);
    const raw = readFileSync(path.join(outboxDir, 'msg-1.coach-notification.eml'), 'utf8');
    expect(raw).toMatch(/^To: coach@example\.com$/m);
    expect(raw).toMatch(/^Reply-To: lee@example\.org$/m);
    expect(raw).toMatch(/^Message-ID: <msg-1\.coach-notification@coach\.example>$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
  });
});

describe('SMTP', () => {
  const from = { name: DEFAULT_SITE_IDENTITY.name, address: 'coach@example.com' };
  const [notification] = emailsFor(event, settings);

  it('hands messages to the server over its pooled connections', async () => {
    const smtp = await startTestSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, poolSize: 2, outboxDir, from, domain: 'coach.example' });
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => mailer.send({ ...notification, to: `reader${i}@example.org` }, `m${i}`)),
      );
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(
        Array.from({ length: 20 }, (_, i) => `reader${i}@example.org`).sort(),
      );
      expect(smtp.received[0]!.raw).toMatch(/^Message-ID: <m\d+@coach\.example>$/m);
    } finally {
      mailer.close();
      await smtp.stop();
    }
  });

  it('speaks TLS from the start to an smtps: server', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'smtps-'));
    const { key, cert } = makeTestCertificate(dir);
    const smtp = await startTestSmtp({ tls: { key, cert } });
    const { port } = new URL(smtp.url);
    const mailer = createMailer({
      smtpUrl: `smtps://127.0.0.1:${port}?tls.rejectUnauthorized=false`,
      outboxDir,
      from,
      domain: 'coach.example',
    });
    try {
      await mailer.send(notification, 'tls-1');
      expect(smtp.received.map((mail) => mail.secure)).toEqual([true]);
    } finally {
      mailer.close();
      await smtp.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('e-mail texts', () => {
  it('keep form values out of subjects, escaped in the HTML the coach reads', () => {
    const [notification, acknowledgement] = emailsFor(event, settings);
    expect(notification.subject).toBe('New message from the contact form: General Question');
    expect(notification.text).toContain('Name: Lee <script> Bcc: x@evil.example');
    expect(notification.html).toContain('Hello &amp; thank you &lt;b&gt;so&lt;/b&gt; much.');
    expect(notification.html).not.toContain('<script>');
    expect(acknowledgement.to).toBe('lee@example.org');
    expect(acknowledgement.text).toContain("I'll get back to you within 24 hours");
  });

  it("tell the sender nothing they wrote: no name, no message, only the subject's own label", () => {
    const acknowledgement = emailsFor(event, settings)[1];
    for (const part of [acknowledgement.subject, acknowledgement.text, acknowledgement.html]) {
      expect(part).not.toMatch(/Lee|script|evil|thank you <b>|so<\/b>|&lt;b&gt;/);
    }
    expect(acknowledgement.text).toContain('Your message about "General Question" has arrived safely');
  });

  it('leave out the acknowledgement of an address that asked for too much mail', () => {
    const kinds = emailsFor({ ...event, payload: { ...event.payload, acknowledge: false } }, settings).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['coach-notification']);
  });
});
