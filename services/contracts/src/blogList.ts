// The public blog list's paging, free of zod: the blog page imports it.

/** Posts on one page of the public list (the API's and /blog's). */
export const BLOG_PAGE_SIZE = 12;

/** The longest search a list reads (the blog, the admin lists); the rest of a longer one is ignored. */
export const MAX_SEARCH_LENGTH = 200;

/** A month of the archive, as /blog?month= and the API name it: YYYY-MM. */
export const BLOG_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The list's filters, as /blog's address and the API's query both name them. */
export interface BlogListFilters {
  category?: string;
  q?: string;
  month?: string;
}
