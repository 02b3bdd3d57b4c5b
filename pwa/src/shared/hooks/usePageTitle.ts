import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyPageHead, pageHeadHtml, type PageMeta } from '../head/pageHead.ts';
import { pageTitle } from '../config/site.ts';

/**
 * Given by the prerender (effects do not run there): it receives the title the page asks for and
 * the head elements that go with it.
 */
export const PageTitleSink = createContext<((title: string, head: string) => void) | null>(null);

/**
 * Sets the browser-tab title of the current page, "{page} - {brand}", and what search engines and
 * link previews read of it (description, canonical link, Open Graph and Twitter tags, structured data).
 */
export function usePageTitle(page: string | undefined, meta?: PageMeta): void {
  const sink = useContext(PageTitleSink);
  const { pathname } = useLocation();
  const head = page ? pageHeadHtml(page, pathname, meta) : undefined;
  if (page && head && sink) sink(pageTitle(page), head);
  useEffect(() => {
    if (!page || !head) return;
    document.title = pageTitle(page);
    applyPageHead(head);
  }, [page, head]);
}
