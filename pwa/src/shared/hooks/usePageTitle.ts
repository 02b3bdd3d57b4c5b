import { useEffect } from 'react';
import { pageTitle } from '../config/site.ts';

/** Sets the browser-tab title of the current page: "{page} - {brand}". */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    if (page) document.title = pageTitle(page);
  }, [page]);
}
