import { jsonScriptElement } from '@coach/site-rules';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, seedFromPageData } from './pageData.ts';

function pageWith(element: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = `${element}<div id="root"></div>`;
  return doc;
}

describe('the answers a page was rendered with', () => {
  it('seed the cache before hydration, as they were', () => {
    const posts = [{ title: 'A </script><script>alert(1)</script> title' }];
    const element = jsonScriptElement(PAGE_DATA_ID, [{ queryKey: ['/api/blog/posts'], data: posts }]);
    expect(element.match(/</g)).toHaveLength(2); // its own tags only
    const client = new QueryClient();
    seedFromPageData(client, pageWith(element));
    expect(client.getQueryData(['/api/blog/posts'])).toEqual(posts);
  });

  it('leave the cache alone when the page has none or they are unreadable', () => {
    const client = new QueryClient();
    seedFromPageData(client, document.implementation.createHTMLDocument('page'));
    seedFromPageData(client, pageWith(`<script type="application/json" id="${PAGE_DATA_ID}">{not json</script>`));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
