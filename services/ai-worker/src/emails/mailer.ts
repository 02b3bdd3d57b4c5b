import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Email } from './templates.ts';

export interface Mailer {
  /** Sends one e-mail; `id` names it uniquely (its Message-ID and, offline, its file). */
  send(email: Email, id: string): Promise<void>;
  close(): void;
}

const safeName = (id: string) => id.replace(/[^\w.-]+/g, '_');

/**
 * SMTP through nodemailer when `smtpUrl` is set; otherwise the embedded default: each message
 * is rendered by nodemailer's stream transport and written as `<id>.eml` under `outboxDir`
 * (written under a temporary name, then renamed, so a crash never leaves half a file).
 */
export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  /** The sender: the coach's name and the site's address. */
  from: { name: string; address: string };
  domain: string;
}): Mailer {
  const message = (email: Email, id: string) => ({
    from: options.from,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: `<${safeName(id)}@${options.domain}>`,
  });

  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(email, id) {
        await transport.sendMail(message(email, id));
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(email, id) {
      const info = await transport.sendMail(message(email, id));
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${safeName(id)}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => transport.close(),
  };
}
