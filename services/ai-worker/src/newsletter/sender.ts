import { NEWSLETTER_SUBSCRIBERS_COLLECTION, newsletterBatchJobSchema, type NewsletterBatchJob } from '@coach/contracts';
import { randomBytes } from 'node:crypto';
import type { Logger } from '@coach/kit';
import type { Job } from 'bullmq';
import mongoose from 'mongoose';
import type { Mailer } from '../emails/mailer.ts';
import type { EmailSettings } from '../emails/templates.ts';
import { claimDeliveries, eachAtOnce, isLastTry, recordFailure, SENT_RECORD } from '../deliveries.ts';
import { DeliveryModel } from './deliveries.ts';
import { newsletterEmail, type Recipient } from './templates.ts';

/**
 * A recipient who stands for every recipient of a batch: the batch's e-mail is built once for her
 * and filled in for each. Her values are random, so no post's words can contain them.
 */
function placeholderRecipient(): Recipient {
  const tag = randomBytes(9).toString('hex');
  return { subscriberId: `s${tag}`, email: `e${tag}@placeholder.invalid`, unsubscribeToken: `t${tag}` };
}
const valuesOf = (r: Recipient) => [r.subscriberId, r.email, r.unsubscribeToken];

/**
 * Processes QUEUES.newsletterSend: one batch of a mailing. Every recipient's delivery is claimed
 * in MongoDB before anything is sent and marked sent the moment the SMTP server accepts the
 * message, so a batch run again (a retry, or a worker that died mid-batch) sends only what was
 * not sent, and skips whoever is no longer a confirmed subscriber. A message refused for good
 * (5xx, or on the batch's last try) is recorded as failed; one refused for a passing reason makes
 * the batch fail after the others are sent, and the queue retries it with backoff.
 */
export function newsletterBatchProcessor(deps: {
  mailer: Mailer;
  settings: EmailSettings;
  logger: Logger;
  /** Messages of the batch in flight at once (the SMTP pool's size). */
  parallel: number;
}) {
  return async (job: Job<NewsletterBatchJob>) => {
    const batch = newsletterBatchJobSchema.parse(job.data);
    const { mailingId } = batch;
    const ids = batch.recipients.map((r) => r.subscriberId);
    const [done, confirmed] = await Promise.all([
      claimDeliveries(DeliveryModel.collection, { mailingId }, 'subscriberId', ids),
      mongoose.connection
        .collection(NEWSLETTER_SUBSCRIBERS_COLLECTION)
        .find(
          { _id: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) }, state: 'confirmed' },
          { projection: { _id: 1 } },
        )
        .toArray(),
    ]);
    const stillSubscribed = new Set(confirmed.map((s) => s._id.toString()));
    const todo = batch.recipients.filter((r) => !done.has(r.subscriberId) && stillSubscribed.has(r.subscriberId));
    const lastTry = isLastTry(job);
    const outcome = { sent: 0, failed: 0, retry: 0, skipped: batch.recipients.length - todo.length };

    const emailId = (r: Recipient) => `${mailingId}.${r.subscriberId}`;
    const everyone = placeholderRecipient();
    const prepared = await deps.mailer.prepare(
      newsletterEmail(batch, everyone, deps.settings),
      emailId(everyone),
      valuesOf(everyone),
    );

    await eachAtOnce(todo, deps.parallel, async (recipient) => {
      const key = { mailingId, subscriberId: recipient.subscriberId };
      try {
        await prepared.send(valuesOf(recipient), () => ({
          email: newsletterEmail(batch, recipient, deps.settings),
          id: emailId(recipient),
        }));
      } catch (err) {
        const { responseCode, message } = err as { responseCode?: number; message: string };
        const final = lastTry || (responseCode ?? 0) >= 500;
        await recordFailure(DeliveryModel.collection, key, final, message);
        outcome[final ? 'failed' : 'retry'] += 1;
        return;
      }
      await DeliveryModel.collection.updateOne(
        key,
        { $set: { state: 'sent', sentAt: new Date(), updatedAt: new Date() } },
        SENT_RECORD,
      );
      outcome.sent += 1;
    });
    deps.logger.info({ mailingId, jobId: job.id, ...outcome }, 'newsletter batch sent');
    if (outcome.retry) throw new Error(`${outcome.retry} e-mails of the batch were refused for now; retried later`);
    return outcome;
  };
}
