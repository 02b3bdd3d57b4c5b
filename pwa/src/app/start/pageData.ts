import type { QueryClient } from '@tanstack/react-query';

/** A query answer a page was rendered with on the server (the gateway renders /blog and each post with content's answers). */
export interface SeedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** The id of the page's `<script type="application/json">` that carries them. */
export const PAGE_DATA_ID = 'page-data';

/**
 * Puts the answers the page was rendered with into the cache before it hydrates, so the first
 * render in the browser shows what the HTML shows. A page without them changes nothing.
 */
export function seedFromPageData(queryClient: QueryClient, doc: Document = document): void {
  const json = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!json) return;
  try {
    for (const { queryKey, data } of JSON.parse(json) as SeedQuery[]) queryClient.setQueryData(queryKey, data);
  } catch {
    // Unreadable: the queries fetch as usual.
  }
}
