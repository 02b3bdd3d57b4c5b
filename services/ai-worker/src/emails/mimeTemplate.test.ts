import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NewsletterBatchJob } from '@coach/contracts';
import { DEFAULT_SITE_IDENTITY } from '@coach/site-rules';
import { afterAll, describe, expect, it } from 'vitest';
import { newsletterEmail } from '../newsletter/templates.ts';
import { createMailer } from './mailer.ts';
import { mimeTemplate } from './mimeTemplate.ts';
import type { Email } from './templates.ts';

const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'template-outbox-'));
afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));
const mailer = createMailer({
  outboxDir,
  from: { name: DEFAULT_SITE_IDENTITY.name, address: 'coach@example.com' },
  domain: 'coach.example',
});
const eml = (id: string) => readFileSync(path.join(outboxDir, `${id}.eml`), 'utf8');

/**
 * A message as its reader gets it: quoted-printable's soft line breaks and folded header lines
 * joined, and the two things that differ between any two builds (the date and the parts'
 * boundary) set aside.
 */
const asRead = (mime: string) =>
  mime
    .replaceAll('=\r\n', '')
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/^Date: .*$/m, 'Date: -')
    .replace(/--_NmP-[\da-f]+-Part_\d+/g, 'BOUNDARY');

/** Lines of quoted-printable bodies longer than the encoding allows. */
const longQuotedPrintableLines = (mime: string) =>
  mime
    .split(/\r\n--/)
    .filter((part) => /Content-Transfer-Encoding: quoted-printable/.test(part))
    .flatMap((part) => part.slice(part.indexOf('\r\n\r\n')).split(/\r?\n/))
    .filter((line) => line.length > 76);

type Recipient = NewsletterBatchJob['recipients'][number];
const settings = { coachEmail: 'coach@example.com', siteUrl: 'https://coach.example', identity: DEFAULT_SITE_IDENTITY };
const batch: NewsletterBatchJob = {
  mailingId: '65a1b2c3d4e5f6a7b8c9d0e1',
  kind: 'post',
  posts: [
    {
      slug: 'waiting',
      title: 'On waiting — “softly”, and letting the season turn',
      excerpt: 'Patience is not passive. '.repeat(12),
    },
  ],
  recipients: [],
} as unknown as NewsletterBatchJob;
const everyone: Recipient = { subscriberId: 'sPH01', email: 'ePH01@placeholder.invalid', unsubscribeToken: 'tPH01' };
const values = (r: Recipient) => [r.subscriberId, r.email, r.unsubscribeToken];

/** Sends `recipient` the batch's e-mail filled in from a template, and the same e-mail built whole. */
async function filledAndWhole(recipient: Recipient, job = batch) {
  const prepared = await mailer.prepare(
    newsletterEmail(job, everyone, settings),
    `t.${everyone.subscriberId}`,
    values(everyone),
  );
  await prepared.send(values(recipient), () => ({
    email: newsletterEmail(job, recipient, settings),
    id: `t.${recipient.subscriberId}`,
  }));
  await mailer.send(newsletterEmail(job, recipient, settings), `w.${recipient.subscriberId}`);
  return { filled: eml(`t.${recipient.subscriberId}`), whole: eml(`w.${recipient.subscriberId}`) };
}

describe('a newsletter e-mail filled in from its template', () => {
  it("is the subscriber's own e-mail: her address, Message-ID and unsubscribe links, every line within the encoding's length", async () => {
    const recipient = {
      subscriberId: '65a1b2c3d4e5f6a7b8c9d0ff',
      email: `${'a'.repeat(60)}.longer+news@${'b'.repeat(50)}.example.org`,
      unsubscribeToken: 'Zm9vYmFyLWJhei1xdXV4LXNvbWUtcmFuZG9tLWJ5dGVz_-x',
    };
    const { filled, whole } = await filledAndWhole(recipient);
    expect(filled).not.toMatch(/PH01/);
    expect(filled).toMatch(new RegExp(`^To: ${recipient.email.replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(filled).toMatch(/^Message-ID: <t\.65a1b2c3d4e5f6a7b8c9d0ff@coach\.example>$/m);
    expect(asRead(filled)).toContain(`token=3D${recipient.unsubscribeToken}&amp;mailing`);
    expect(asRead(filled).replace('<t.', '<w.')).toBe(asRead(whole));
    expect(longQuotedPrintableLines(filled)).toEqual([]);
  });

  it('carries her unsubscribe link in both parts of a post written mostly in another script', async () => {
    const hindi = {
      ...batch,
      posts: [{ slug: 'shanti', title: 'शांति की ओर', excerpt: 'धैर्य निष्क्रिय नहीं है। '.repeat(20) }],
    } as NewsletterBatchJob;
    const recipient = { subscriberId: 'asha', email: 'asha@example.org', unsubscribeToken: 'tok-asha' };
    const { filled, whole } = await filledAndWhole(recipient, hindi);
    expect(filled).not.toMatch(/base64|PH01/);
    expect(asRead(filled).match(/token=3Dtok-asha/g)).toHaveLength(2);
    expect(asRead(filled).replace('<t.', '<w.')).toBe(asRead(whole));
  });

  it('is built whole for an address a template cannot carry as it is', async () => {
    const recipient = { subscriberId: 'zoe', email: 'zoë@exämple.org', unsubscribeToken: 'tok-zoe' };
    const { filled, whole } = await filledAndWhole(recipient);
    expect(filled).toMatch(/^To: zoë@exämple\.org$/m);
    expect(asRead(filled).replace('<t.', '<w.')).toBe(asRead(whole));
  });
});

describe('a message template', () => {
  it('fills in values in the headers and in 7-bit bodies as they are', async () => {
    const email: Email = {
      kind: 'newsletter-post',
      to: 'PH-TO@placeholder.invalid',
      subject: 'Hello',
      text: 'Your code: PH-CODE\n\nThank you.',
      html: '<p>Your code: PH-CODE</p>',
    };
    const prepared = await mailer.prepare(email, 'plain.PH-ID', ['PH-TO@placeholder.invalid', 'PH-CODE', 'PH-ID']);
    await prepared.send(['lee@example.org', '123456', 'lee'], () => {
      throw new Error('plain values are filled in');
    });
    await mailer.send(
      { ...email, to: 'lee@example.org', text: 'Your code: 123456\n\nThank you.', html: '<p>Your code: 123456</p>' },
      'whole.lee',
    );
    const filled = eml('plain.lee');
    expect(filled).toMatch(/Content-Transfer-Encoding: 7bit/);
    expect(asRead(filled).replace('<plain.', '<whole.')).toBe(asRead(eml('whole.lee')));
  });

  it('refuses a message that does not carry one of its placeholders', () => {
    expect(() => mimeTemplate(Buffer.from('To: a@b.c\r\n\r\nHello'), ['PH-1'])).toThrow(/PH-1/);
  });
});
