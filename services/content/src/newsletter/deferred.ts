import type { ConfirmationLinkOptions } from '../confirmation-links/links.ts';
import { deferredConfirmations, issueDeferredLink, newsletterConfirmationRequested } from './service.ts';

/**
 * Mails each confirmation deferred past its address's hourly allowance once an hour has room
 * for it, counted in that hour's allowance like any other e-mail. Run by the periodic sweep; the
 * deferral stays in its row until its link is issued, so a restart loses none. Replicas sweeping
 * at once ask the allowance for the same request, and only one of them issues the link.
 * Returns how many were sent.
 */
export async function sendDeferredConfirmations({ outbox, mailLimit, confirmHours }: ConfirmationLinkOptions) {
  let sent = 0;
  for (const row of await deferredConfirmations()) {
    if (!(await mailLimit.allow(row.email, row.confirmationDeferredFor))) continue;
    const owed = await issueDeferredLink(row, confirmHours);
    if (!owed) continue;
    await outbox.notify(newsletterConfirmationRequested, owed);
    sent += 1;
  }
  return sent;
}
