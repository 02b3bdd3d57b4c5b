import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, pageDataJson, seedFromPageData } from './pageData.ts';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script><div id="root"></div>`;
  return doc;
}

describe('the answers a page was rendered with', () => {
  it('seed the cache before hydration, as they were', () => {
    const posts = [{ title: 'A </script><script>alert(1)</script> title' }];
    const json = pageDataJson([{ queryKey: ['/api/blog/posts'], data: posts }]);
    expect(json).not.toContain('<');
    const client = new QueryClient();
    seedFromPageData(client, pageWith(json));
    expect(client.getQueryData(['/api/blog/posts'])).toEqual(posts);
  });

  it('leave the cache alone when the page has none or they are unreadable', () => {
    const client = new QueryClient();
    seedFromPageData(client, document.implementation.createHTMLDocument('page'));
    seedFromPageData(client, pageWith('{not json'));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
