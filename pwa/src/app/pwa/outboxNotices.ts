import type { QueryClient } from '@tanstack/react-query';
import { PORTAL_KEY } from '../../features/programs/queries.ts';
import { HAS_LIKED_KEY, SITE_STATS_KEY } from '../../features/stats/useSiteStats.ts';
import { notify } from '../../shared/notices/store.ts';
import type { OutboxEvent, OutboxKind } from '../../shared/pwa/outbox.ts';

interface Notice {
  title: string;
  description: string;
}

/** What the visitor is told when a write she made offline reaches the server, or is refused by it. */
const KEPT_WRITE_NOTICES: Record<
  Exclude<OutboxKind, 'like'>,
  { delivered: Notice; refused: (reason?: string) => Notice }
> = {
  contact: {
    delivered: {
      title: 'Message delivered',
      description: "Your message saved offline has been sent. I'll get back to you within 24 hours.",
    },
    refused: (reason) => ({
      title: 'Message not delivered',
      description: `The message you saved offline was refused${reason ? `: ${reason}` : ''}. Please send it again or contact me directly via email.`,
    }),
  },
  newsletter: {
    delivered: {
      title: 'Subscription delivered',
      description: "You're subscribed: you'll receive weekly insights and inspiration in your inbox.",
    },
    refused: () => ({ title: 'Subscription failed', description: 'Please check your email and try again.' }),
  },
  guide: {
    delivered: {
      title: 'Guide request delivered',
      description: 'Please confirm your email address with the link we sent to your inbox, and your guide is yours.',
    },
    refused: (reason) => ({
      title: 'Guide request not delivered',
      description: `${reason ?? 'Your request was refused'}. Please ask for the guide again.`,
    }),
  },
  homework: {
    delivered: { title: 'Answer delivered', description: 'Your homework answer saved offline has reached your coach.' },
    refused: (reason) => ({
      title: 'Answer not delivered',
      description: `Your homework answer saved offline was refused${reason ? `: ${reason}` : ''}. Please send it again from your program space.`,
    }),
  },
};

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
  if (event.kind === 'homework') void queryClient.invalidateQueries({ queryKey: PORTAL_KEY });
  const notices = KEPT_WRITE_NOTICES[event.kind];
  if (event.type === 'delivered') {
    notify(notices.delivered);
    return;
  }
  console.error(`A saved ${event.kind} request was refused`, event.status, event.message);
  notify({ ...notices.refused(event.message), variant: 'destructive' });
}
