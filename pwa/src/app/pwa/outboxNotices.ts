import type { QueryClient } from '@tanstack/react-query';
import { HAS_LIKED_KEY, SITE_STATS_KEY } from '../../features/stats/useSiteStats.ts';
import { notify } from '../../shared/notices/store.ts';
import type { OutboxEvent } from '../../shared/pwa/outbox.ts';

/** A kept write reached the server, or was refused by it: the visitor hears of it. */
export function announceOutboxEvent(event: OutboxEvent, queryClient: QueryClient): void {
  if (event.kind === 'like') {
    // Stats failures are only logged, the UI unchanged; a refused like frees the heart for next time.
    if (event.type === 'rejected') {
      console.error('A saved like was refused', event.status, event.message);
      window.localStorage.removeItem(HAS_LIKED_KEY);
    }
    void queryClient.invalidateQueries({ queryKey: SITE_STATS_KEY });
    return;
  }
  if (event.type === 'delivered') {
    notify(
      event.kind === 'contact'
        ? {
            title: 'Message delivered',
            description: "Your message saved offline has been sent. I'll get back to you within 24 hours.",
          }
        : {
            title: 'Subscription delivered',
            description: "You're subscribed: you'll receive weekly insights and inspiration in your inbox.",
          },
    );
    return;
  }
  console.error(`A saved ${event.kind} request was refused`, event.status, event.message);
  notify(
    event.kind === 'contact'
      ? {
          title: 'Message not delivered',
          description: `The message you saved offline was refused${event.message ? `: ${event.message}` : ''}. Please send it again or contact me directly via email.`,
          variant: 'destructive',
        }
      : { title: 'Subscription failed', description: 'Please check your email and try again.', variant: 'destructive' },
  );
}
