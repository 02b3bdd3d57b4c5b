import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the admin dashboard; each is the URL it reads. */
export const USERS_KEY = ['/api/admin/users'] as const;
export const ADMIN_POSTS_KEY = ['/api/admin/blog-posts'] as const;
export const MESSAGES_KEY = ['/api/contact-messages'] as const;
/** The header of the messages list that counts the unread ones. */
export const UNREAD_HEADER = 'x-unread-count';
export const SUBSCRIBERS_KEY = ['/api/newsletter-subscribers'] as const;
/** Booked sessions, members' and leads'. */
export const BOOKINGS_KEY = ['/api/admin/bookings'] as const;
/** Purchases (the Sales section) and the revenue it heads with. */
export const SALES_KEY = ['/api/admin/purchases'] as const;
export const SALES_SUMMARY_KEY = ['/api/admin/purchases/summary'] as const;
/** Each program's client space (the Programs section) and one program's set-up. */
export const ADMIN_PROGRAMS_KEY = ['/api/admin/programs'] as const;
export const programPortalKey = (programId: string) => [`${ADMIN_PROGRAMS_KEY[0]}/${programId}/portal`] as const;
/** The coach's clients (the Clients section), and one client in full. */
export const CLIENTS_KEY = ['/api/admin/clients'] as const;
export const clientKey = (userId: number) => [`${CLIENTS_KEY[0]}/${userId}`] as const;
/** Every subscriber as a CSV file (downloaded, not read by a query). */
export const SUBSCRIBERS_EXPORT_URL = '/api/newsletter-subscribers/export.csv';
/** The Circle's moderation lists: what members reported, or everything recent. */
export const MODERATION_KEY = ['/api/admin/community'] as const;
export type ModerationView = 'reported' | 'recent';
export const moderationKey = (view: ModerationView) => [`${MODERATION_KEY[0]}?view=${view}`] as const;
export const NEWSLETTER_SETTINGS_KEY = ['/api/admin/newsletter/settings'] as const;
/** The free guide's figures: addresses that took it and joined the newsletter with it. */
export const GUIDE_STATS_KEY = ['/api/admin/guide/stats'] as const;
/** A post's newsletter figures. */
export const postMailingKey = (postId: string) => ['/api/admin/newsletter/posts', postId] as const;

/** After a blog change: the admin table and every cached public blog read are refreshed. */
export function refreshBlog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/(admin\/)?blog/.test(String(query.queryKey[0])),
  });
}
