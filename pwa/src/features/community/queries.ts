import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the Sacred Circle; joined with '/' they are the API URLs. */
export const COMMUNITY_KEY = ['/api/community'] as const;
/** The feed, read a page at a time from its first page at FEED_URL. */
export const POSTS_KEY = [...COMMUNITY_KEY, 'posts'] as const;
export const FEED_URL = POSTS_KEY.join('/');
/** The Circle at a glance: how many posts members see, and how many are the member's. */
export const STATS_KEY = [...COMMUNITY_KEY, 'stats'] as const;
export const WEEKLY_PROMPT_KEY = [...COMMUNITY_KEY, 'weekly-prompt'] as const;
/** The thread under a post: /api/community/posts/:id/replies. */
export const repliesKey = (postId: string) => [...POSTS_KEY, postId, 'replies'] as const;

/** Content limit of a post or a reply (contracts communityPostInputSchema). */
export const POST_MAX_LENGTH = 2000;

/** After a post is shared or deleted: the feed and its counts are read again. */
export const refreshFeed = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: POSTS_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }),
  ]);
