import type { EventJob } from '@coach/contracts';
import type { Logger, Redis } from '@coach/kit';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Mailer } from './mailer.ts';
import { emailsFor, type Email, type EmailDraft, type EmailSettings } from './templates.ts';

const SENT_TTL_S = 30 * 24 * 3600;
/** How long an e-mail just sent waits for Redis to record it: past a Redis restart. */
const RECORD_SENT_FOR_MS = 60_000;
const sentKey = (eventId: string, kind: string) => `email:sent:${eventId}:${kind}`;

/**
 * Processes QUEUES.emails: sends the e-mails of an event, each at most once. Each e-mail sent is
 * recorded in Redis under (event id, kind), so a retried or recovered job sends only the
 * e-mails not sent yet (for contact.received: the coach's notification and the sender's
 * acknowledgement are recorded apart). A failed send throws, and the queue retries it with backoff.
 */
export function emailProcessor(deps: { redis: Redis; mailer: Mailer; settings: EmailSettings; logger: Logger }) {
  return async (job: Job<EventJob>): Promise<{ sent: number }> => {
    const event = job.data;
    let sent = 0;
    for (const email of emailsFor(event, deps.settings)) {
      const key = sentKey(event.id, email.kind);
      if (await deps.redis.exists(key)) continue;
      await deps.mailer.send(await withStoredFiles(email, deps.redis), `${event.id}.${email.kind}`);
      await recordSent(deps.redis, key);
      sent += 1;
      deps.logger.info({ event: event.name, eventId: event.id, kind: email.kind }, 'e-mail sent');
    }
    return { sent };
  };
}

/**
 * The e-mail with the files it names read from Redis (a receipt's PDF, kept there once by
 * members). One no longer kept (RECEIPT_PDFS.ttlSeconds passed) fails the job for good; Redis
 * out of reach fails it for a retry.
 */
async function withStoredFiles(draft: EmailDraft, redis: Redis): Promise<Email> {
  const { storedAttachments, ...email } = draft;
  if (!storedAttachments?.length) return email;
  const read = await Promise.all(
    storedAttachments.map(async ({ key, ...file }) => {
      const content = await redis.getBuffer(key);
      if (!content) throw new UnrecoverableError(`The e-mail's ${file.filename} is no longer kept (${key})`);
      return { ...file, contentBase64: content.toString('base64') };
    }),
  );
  return { ...email, attachments: [...(email.attachments ?? []), ...read] };
}

/**
 * Records an e-mail as sent, waiting out a Redis outage: the job failed here instead would run
 * again and send the e-mail twice.
 */
async function recordSent(redis: Redis, key: string) {
  for (const giveUpAt = Date.now() + RECORD_SENT_FOR_MS; ; ) {
    try {
      await redis.set(key, new Date().toISOString(), 'EX', SENT_TTL_S, 'NX');
      return;
    } catch (err) {
      if (Date.now() > giveUpAt) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
