import { mkdir, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { isPlain, mimeTemplate } from './mimeTemplate.ts';
import type { Email } from './templates.ts';

export interface Mailer {
  /** Sends one e-mail; `id` names it uniquely (its Message-ID and, offline, its file). */
  send(email: Email, id: string): Promise<void>;
  /**
   * The same e-mail for many recipients, built once: `email` and `id` carry the `placeholders`
   * where each recipient's own values go (her address, her unsubscribe link...).
   */
  prepare(email: Email, id: string, placeholders: readonly string[]): Promise<PreparedEmail>;
  close(): void;
}

export interface PreparedEmail {
  /**
   * Sends the e-mail to one recipient, her `values` in the placeholders' places (in their order).
   * Values a template cannot carry as they are (an address with accents) get `whole()`, her own
   * e-mail built from the start.
   */
  send(values: readonly string[], whole: () => { email: Email; id: string }): Promise<void>;
}

const safeName = (id: string) => id.replace(/[^\w.-]+/g, '_');

/**
 * The SMTP connection's socket, opened with Nagle's algorithm off. With it on, the end of each
 * message ("." after the body) waits for the server to acknowledge the body, which a server
 * delays by up to 40 ms: 20 messages a second per connection at most. nodemailer takes it over
 * as it is (smtp:, upgraded by STARTTLS when offered) or wraps it in TLS (smtps:).
 */
const socketWithoutDelay: NonNullable<SMTPPool.Options['getSocket']> = (options, callback) => {
  const socket = net.connect({ host: options.host, port: Number(options.port), noDelay: true });
  const failed = (err: Error) => callback(err, undefined);
  socket.once('error', failed).once('connect', () => {
    socket.off('error', failed); // nodemailer listens from here on
    callback(null, { connection: socket });
  });
};

/**
 * The whole message, built in memory: handed to the transport as one buffer, it leaves in one
 * socket write. Streamed as nodemailer builds it, every header line and part is a write (a system
 * call) of its own.
 */
const build = (mail: Mail.Options) => new MailComposer(mail).compile().build();

/**
 * SMTP through nodemailer when `smtpUrl` is set; otherwise the embedded default: each message
 * is built the same way and written as `<id>.eml` under `outboxDir`
 * (written under a temporary name, then renamed, so a crash never leaves half a file).
 */
export function createMailer(options: {
  smtpUrl?: string;
  /** SMTP connections kept open and used in parallel. */
  poolSize?: number;
  outboxDir: string;
  /** The sender: the coach's name and the site's address. */
  from: { name: string; address: string };
  domain: string;
}): Mailer {
  const message = (email: Email, id: string): Mail.Options => ({
    from: options.from,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    // Quoted-printable however few Latin letters a text has (nodemailer would pick base64 for a
    // mostly non-Latin one): a mailing's template fills recipients' values into it (mimeTemplate.ts).
    textEncoding: 'quoted-printable',
    messageId: `<${safeName(id)}@${options.domain}>`,
    attachments: email.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.contentBase64,
      encoding: 'base64',
    })),
    // One-click unsubscribe: mail clients show an Unsubscribe button that POSTs to the address.
    headers: email.unsubscribeUrl
      ? { 'List-Unsubscribe': `<${email.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined,
  });

  /** Hands one built message to the SMTP server or, offline, to the outbox folder. */
  let deliver: (raw: Buffer, to: string, id: string) => Promise<void>;
  let close = () => {};
  if (options.smtpUrl) {
    // Pooled: connections stay open between messages and several messages go out at once
    // (settings in SMTP_URL's query string win).
    const url = new URL(options.smtpUrl);
    const pool = { pool: 'true', maxConnections: String(options.poolSize ?? 5), maxMessages: '1000' };
    for (const [name, value] of Object.entries(pool))
      if (!url.searchParams.has(name)) url.searchParams.set(name, value);
    const transport = nodemailer.createTransport({
      ...(parseConnectionUrl(url.toString()) as SMTPPool.Options),
      getSocket: socketWithoutDelay,
    });
    deliver = async (raw, to) => {
      await transport.sendMail({ envelope: { from: options.from.address, to }, raw });
    };
    close = () => transport.close();
  } else {
    deliver = async (eml, _to, id) => {
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${safeName(id)}.eml`);
      await writeFile(`${file}.tmp`, eml);
      await rename(`${file}.tmp`, file);
    };
  }

  const send = async (email: Email, id: string) => deliver(await build(message(email, id)), email.to, id);
  return {
    send,
    async prepare(email, id, placeholders) {
      const fill = mimeTemplate(await build(message(email, id)), placeholders);
      const filled = (s: string, values: readonly string[]) =>
        placeholders.reduce((out, placeholder, i) => out.replaceAll(placeholder, values[i]!), s);
      return {
        async send(values, whole) {
          if (values.every(isPlain)) return deliver(fill(values), filled(email.to, values), filled(id, values));
          const own = whole();
          return send(own.email, own.id);
        },
      };
    },
    close,
  };
}
