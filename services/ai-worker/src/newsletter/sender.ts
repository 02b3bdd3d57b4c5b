import { NEWSLETTER_SUBSCRIBERS_COLLECTION, newsletterBatchJobSchema, type NewsletterBatchJob } from '@coach/contracts';
import { randomBytes } from 'node:crypto';
import type { Logger } from '@coach/kit';
import type { Job } from 'bullmq';
import mongoose from 'mongoose';
import type { Mailer } from '../emails/mailer.ts';
import type { EmailSettings } from '../emails/templates.ts';
import { deliverBatch } from '../fan-out/deliveries.ts';
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
 * Processes QUEUES.newsletterSend: one batch of a mailing (deliveries.ts), each e-mail recorded as
 * sent the moment the SMTP server accepts it; whoever is no longer a confirmed subscriber is
 * skipped. A 5xx refusal is final; another may pass.
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
    const emailId = (r: Recipient) => `${mailingId}.${r.subscriberId}`;
    const everyone = placeholderRecipient();
    const prepared = await deps.mailer.prepare(
      newsletterEmail(batch, everyone, deps.settings),
      emailId(everyone),
      valuesOf(everyone),
    );
    const ids = batch.recipients.map((r) => r.subscriberId);

    return deliverBatch(job, {
      deliveries: DeliveryModel.collection,
      event: { mailingId },
      recipientField: 'subscriberId',
      ids,
      current: async () => {
        const confirmed = await mongoose.connection
          .collection(NEWSLETTER_SUBSCRIBERS_COLLECTION)
          .find(
            { _id: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) }, state: 'confirmed' },
            { projection: { _id: 1 } },
          )
          .toArray();
        const stillSubscribed = new Set(confirmed.map((s) => s._id.toString()));
        return batch.recipients.filter((r) => stillSubscribed.has(r.subscriberId));
      },
      idOf: (r) => r.subscriberId,
      parallel: deps.parallel,
      send: (recipient) =>
        prepared.send(valuesOf(recipient), () => ({
          email: newsletterEmail(batch, recipient, deps.settings),
          id: emailId(recipient),
        })),
      refusal: async (err) => (((err as { responseCode?: number }).responseCode ?? 0) >= 500 ? 'final' : 'passing'),
      sentRecordGroup: 1,
      logger: deps.logger,
      names: { batch: 'newsletter batch', messages: 'e-mails' },
    });
  };
}
