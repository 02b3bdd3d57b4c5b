import { nextLink } from '@coach/site-rules';
import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { throwIfNotOk } from './client.ts';

/** One page of a list as the API answers it: its rows, and the next page's address (none on the last). */
export interface ListPage<T> {
  rows: T[];
  next: string | null;
}

/** A list's cache entry: the pages read so far, each with the address it was read from. */
export type ListPages<T> = InfiniteData<ListPage<T>, string>;

/** Reads one page of a list; the next page's address is the answer's Link header (rel="next"). */
export async function fetchListPage<T>(url: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(res);
  return { rows: (await res.json()) as T[], next: nextLink(res.headers.get('link')) };
}

/** The cache entry of a list whose first page, read from `url`, is known (a page rendered on the server with it). */
export const firstPageOnly = <T>(url: string, first: ListPage<T>): ListPages<T> => ({
  pages: [first],
  pageParams: [url],
});

/**
 * A list read a page at a time: the first from `firstUrl`, each next one from the address the
 * page before names. Read again, the pages follow the fresh answers' addresses, so a row added or
 * removed meanwhile is neither repeated nor skipped.
 */
export function useListPages<T>(queryKey: QueryKey, firstUrl: string) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchListPage<T>(pageParam, signal),
    initialPageParam: firstUrl,
    getNextPageParam: (last: ListPage<T>) => last.next,
  });
}

/** A list's cache entry with each row `change` gives changed (the rows it leaves alone stay as they are). */
export const mapRows = <T>(data: ListPages<T> | undefined, change: (row: T) => T): ListPages<T> | undefined =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, rows: page.rows.map(change) })) };
