/** Query keys of the Sacred Circle; joined with '/' they are the API URLs. */
export const COMMUNITY_KEY = ['/api/community'] as const;
export const POSTS_KEY = [...COMMUNITY_KEY, 'posts'] as const;
export const WEEKLY_PROMPT_KEY = [...COMMUNITY_KEY, 'weekly-prompt'] as const;

/** Content limit of a post (contracts communityPostInputSchema). */
export const POST_MAX_LENGTH = 2000;
