import { BLOG_MONTH_PATTERN, type BlogListFilters, type BlogPostSummary } from '@coach/contracts';
import { firstPageOnly, type ListPage } from '../../shared/api/listPages.ts';

/** Every query of the public list starts with this key (a new post makes them all stale). */
export const BLOG_POSTS_KEY = ['/api/blog/posts'] as const;

/** What /blog shows: the filters, and the post after which the list starts (none: the newest). */
export interface BlogListView extends BlogListFilters {
  /** The cursor /blog?page= names: the list starts after that post. */
  page?: string;
}

/** /blog's address parameters as the view they name (anything else is ignored). */
export function viewOf(search: URLSearchParams): BlogListView {
  const view: BlogListView = {};
  const category = search.get('category')?.trim();
  const q = search.get('q')?.trim();
  const month = search.get('month');
  const page = search.get('page');
  if (category) view.category = category;
  if (q) view.q = q;
  if (month && BLOG_MONTH_PATTERN.test(month)) view.month = month;
  if (page) view.page = page;
  return view;
}

const params = (entries: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(entries)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The API address of a view's first page. */
export const firstPageUrl = ({ category, q, month, page }: BlogListView): string =>
  `/api/blog/posts${params({ category, q, month, cursor: page })}`;

/** /blog's address for a view. */
export const blogAddress = ({ category, q, month, page }: BlogListView): string =>
  `/blog${params({ category, q, month, page })}`;

/** /blog's address of the page that follows, from the API's next-page address. */
export function nextBlogAddress(view: BlogListView, next: string | null): string | null {
  const cursor = next ? new URL(next, 'http://localhost').searchParams.get('cursor') : null;
  return cursor ? blogAddress({ ...view, page: cursor }) : null;
}

/** The query key of a view's list. */
export const blogListKey = ({ category, q, month, page }: BlogListView) =>
  [...BLOG_POSTS_KEY, { category, q, month, page }] as const;

/** The cache entry of a view whose first page is known (the gateway renders /blog with it). */
export const seededList = (view: BlogListView, first: ListPage<BlogPostSummary>) =>
  firstPageOnly(firstPageUrl(view), first);
