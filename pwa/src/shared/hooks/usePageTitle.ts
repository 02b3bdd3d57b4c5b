import { createContext, useContext, useEffect } from 'react';
import { pageTitle } from '../config/site.ts';

/** Given by the prerender (effects do not run there): it receives the title the page asks for. */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the browser-tab title of the current page: "{page} - {brand}". */
export function usePageTitle(page: string | undefined): void {
  const sink = useContext(PageTitleSink);
  if (page && sink) sink(pageTitle(page));
  useEffect(() => {
    if (page) document.title = pageTitle(page);
  }, [page]);
}
