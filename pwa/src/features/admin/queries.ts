import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the admin dashboard; each is the URL it reads. */
export const USERS_KEY = ['/api/admin/users'] as const;
export const ADMIN_POSTS_KEY = ['/api/admin/blog-posts'] as const;
export const MESSAGES_KEY = ['/api/contact-messages'] as const;
export const SUBSCRIBERS_KEY = ['/api/newsletter-subscribers'] as const;

/** After a blog change: the admin table and every cached public blog read are refreshed. */
export function refreshBlog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/(admin\/)?blog/.test(String(query.queryKey[0])),
  });
}
