import { describe, expect, it } from 'vitest';
import { nextLink, nextPageLink } from './nextPageLink.ts';

describe("a list's next-page link", () => {
  it('leads to the page after the cursor, with the filters of the page before', () => {
    const header = nextPageLink('/api/blog/posts', { cursor: 'old', category: 'Daily Wisdom', q: '', month: 3 }, 'abc');
    expect(nextLink(header!)).toBe('/api/blog/posts?category=Daily+Wisdom&cursor=abc');
  });

  it('is absent on the last page, and only a next relation is read', () => {
    expect(nextPageLink('/api/blog/posts', {}, null)).toBeUndefined();
    expect(nextLink(null)).toBeNull();
    expect(nextLink('</api/blog/posts?cursor=a>; rel="prev", </api/blog/posts?cursor=b>; rel="prev next"')).toBe(
      '/api/blog/posts?cursor=b',
    );
    expect(nextLink('</api/blog/posts?cursor=a>; rel="nextpage"')).toBeNull();
  });
});
