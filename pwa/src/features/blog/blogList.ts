import { BLOG_MONTH_PATTERN, type BlogListFilters, type BlogPost, type BlogPostSummary } from '@coach/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { firstPageOnly, type ListPage, type ListPages } from '../../shared/api/listPages.ts';

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

/** A post of a cached list page: whole as the API answers it, or a card as /blog's HTML carries it. */
export type ListedPost = BlogPost | BlogPostSummary;

export const isWhole = (post: ListedPost): post is BlogPost => 'content' in post;

/** A post as its card reads it: without its body. */
const cardOf = ({ content: _content, ...card }: BlogPost): BlogPostSummary => card;

/**
 * The cache entry of a view whose first page is known (the gateway renders /blog with it): its
 * posts as cards, so /blog's HTML does not grow with their bodies. The app reads them whole once
 * the page has loaded (BlogListPage).
 */
export const seededList = (view: BlogListView, first: ListPage<BlogPost>): ListPages<ListedPost> =>
  firstPageOnly(firstPageUrl(view), { ...first, rows: first.rows.map(cardOf) });

/**
 * A post some cached page of the list holds whole, from the list read last, with when it was
 * read: offline, a post seen listed opens from it though it was never opened.
 */
export function listedPost(queryClient: QueryClient, slug: string): { post: BlogPost; readAt: number } | undefined {
  const lists = queryClient
    .getQueryCache()
    .findAll({ queryKey: BLOG_POSTS_KEY })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const list of lists) {
    const pages = (list.state.data as ListPages<ListedPost> | undefined)?.pages ?? [];
    const post = pages.flatMap((page) => page.rows).find((row): row is BlogPost => row.slug === slug && isWhole(row));
    if (post) return { post, readAt: list.state.dataUpdatedAt };
  }
  return undefined;
}
