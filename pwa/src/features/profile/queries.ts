/** Query keys of the profile; joined with '/' they are the API URLs. */
export const PROFILE_KEY = ['/api/profile'] as const;
export const PROGRESS_KEY = [...PROFILE_KEY, 'progress'] as const;
export const JOURNEY_KEY = [...PROFILE_KEY, 'journey'] as const;
export const PURCHASES_KEY = [...PROFILE_KEY, 'purchases'] as const;
