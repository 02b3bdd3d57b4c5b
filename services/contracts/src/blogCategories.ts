// Plain lists, apart from the schemas: a page that shows them (the blog's filters) does not
// load zod. The package is free of side effects, so the bundler leaves out what is not imported.

/** Categories offered by the public blog filter. */
export const BLOG_FILTER_CATEGORIES = [
  'Healing',
  'Purpose',
  'Spiritual Growth',
  'Daily Wisdom',
  'Transformation',
] as const;

/** Categories the admin can choose in the blog post dialog. */
export const ADMIN_BLOG_CATEGORIES = [
  'Spiritual Growth',
  'Healing',
  'Mindfulness',
  'Life Coaching',
  'Personal Development',
] as const;
