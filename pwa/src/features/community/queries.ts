/** Query keys of the Sacred Circle; joined with '/' they are the API URLs. */
export const COMMUNITY_KEY = ['/api/community'] as const;
export const POSTS_KEY = [...COMMUNITY_KEY, 'posts'] as const;
export const WEEKLY_PROMPT_KEY = [...COMMUNITY_KEY, 'weekly-prompt'] as const;
/** The thread under a post: /api/community/posts/:id/replies. */
export const repliesKey = (postId: string) => [...POSTS_KEY, postId, 'replies'] as const;

/** Content limit of a post or a reply (contracts communityPostInputSchema). */
export const POST_MAX_LENGTH = 2000;
