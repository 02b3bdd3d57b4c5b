import { mkdir, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
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

/** Records an e-mail as sent, before it is: see PreparedEmail.send. */
export type Commit = () => Promise<void>;

export interface PreparedEmail {
  /**
   * Sends the e-mail to one recipient, her `values` in the placeholders' places (in their order).
   * Values a template cannot carry as they are (an address with accents) get `whole()`, her own
   * e-mail built from the start.
   *
   * `commit` records it as sent, before it is: over SMTP once the server has the whole message
   * but its end ("." on a line of its own, which makes the server take it), which follows only
   * once `commit` has resolved and never when it fails; offline once its file is in the outbox.
   * A send that fails after `commit` ran (the server refuses the message) rejects only once
   * `commit` has settled, so the caller's record of the failure comes after it.
   */
  send(values: readonly string[], whole: () => { email: Email; id: string }, commit?: Commit): Promise<void>;
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

/** What sendMail is given for one message: with `commit`, the message is held at its end. */
type CommittedMail = Mail.Options & { commit?: Commit };

/**
 * The message as nodemailer writes it to the server, its end held back until `commit` resolves.
 * nodemailer reads it only once the server has answered DATA with 354 (before that, the built
 * message waits in nodemailer's own streams): `commit` starts once the whole body is written to
 * the socket, and the "." nodemailer adds at the stream's end leaves in the event-loop turn
 * `commit` resolves in. A worker killed before `commit` is done leaves a message cut off in DATA,
 * which the server discards, and a record still 'sending'; killed after the ".", a record 'sent'
 * and a message the server has (a server takes a message at its ".", before it answers). Only a
 * kill after mongod applied the record and before the "." leaves (about half a MongoDB round
 * trip) loses the message. When `commit` fails, the stream fails: no "." is sent and
 * nodemailer's pool closes that connection instead of reusing it.
 */
const heldAtTheEnd = (message: Readable, commit: Commit) =>
  Readable.from(
    (async function* () {
      yield* message;
      await commit();
    })(),
    { objectMode: false },
  );

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
    // One-click unsubscribe: mail clients show an Unsubscribe button that POSTs to the address.
    headers: email.unsubscribeUrl
      ? { 'List-Unsubscribe': `<${email.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined,
  });

  /** Hands one built message to the SMTP server or, offline, to the outbox folder. */
  let deliver: (raw: Buffer, to: string, id: string, commit?: Commit) => Promise<void>;
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
    transport.use('stream', (mail, done) => {
      const { commit } = mail.data as CommittedMail;
      if (commit) mail.message.processFunc((stream) => heldAtTheEnd(stream, commit));
      done();
    });
    deliver = (raw, to, _id, commit) =>
      new Promise((resolve, reject) => {
        let failure: Error | undefined;
        let committing: Promise<void> | undefined;
        const mail: CommittedMail = { envelope: { from: options.from.address, to }, raw };
        // A send refused before DATA still has its message read out by nodemailer (to nowhere):
        // the failure, told first, keeps that from recording it.
        if (commit) mail.commit = () => (failure ? Promise.reject(failure) : (committing = commit()));
        transport.sendMail(mail, (err) => {
          if (!err) return resolve();
          failure = err;
          // A record under way is written first: the caller's record of the failure comes after it.
          void Promise.allSettled([committing]).then(() => reject(err));
        });
      });
    close = () => transport.close();
  } else {
    deliver = async (eml, _to, id, commit) => {
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${safeName(id)}.eml`);
      await writeFile(`${file}.tmp`, eml);
      await rename(`${file}.tmp`, file);
      await commit?.();
    };
  }

  const send = async (email: Email, id: string, commit?: Commit) =>
    deliver(await build(message(email, id)), email.to, id, commit);
  return {
    send,
    async prepare(email, id, placeholders) {
      const fill = mimeTemplate(await build(message(email, id)), placeholders);
      const filled = (s: string, values: readonly string[]) =>
        placeholders.reduce((out, placeholder, i) => out.replaceAll(placeholder, values[i]!), s);
      return {
        async send(values, whole, commit) {
          if (values.every(isPlain)) return deliver(fill(values), filled(email.to, values), filled(id, values), commit);
          const own = whole();
          return send(own.email, own.id, commit);
        },
      };
    },
    close,
  };
}
