import { MEMBER_PAGE_READS } from '@coach/site-rules';
import { describe, expect, it } from 'vitest';
import { upstreamFor } from './route-table.ts';

describe('route table', () => {
  it('sends each prefix to its service', () => {
    expect(upstreamFor('/api/auth/login')).toBe('members');
    expect(upstreamFor('/api/community/posts')).toBe('members');
    expect(upstreamFor('/api/admin/users/3')).toBe('members');
    expect(upstreamFor('/api/blog/posts')).toBe('content');
    expect(upstreamFor('/api/admin/blog-posts/abc')).toBe('content');
    expect(upstreamFor('/api/site-stats/like')).toBe('content');
  });

  it('matches whole path segments only', () => {
    expect(upstreamFor('/api/newsletter')).toBe('content');
    expect(upstreamFor('/api/newsletter-subscribers')).toBe('content');
    expect(upstreamFor('/api/newsletter/unsubscribe')).toBe('content');
    expect(upstreamFor('/api/admin/newsletter/posts/abc')).toBe('content');
    expect(upstreamFor('/api/authx')).toBeUndefined();
    expect(upstreamFor('/api/admin')).toBeUndefined();
    expect(upstreamFor('/api/unknown')).toBeUndefined();
  });

  it("routes every read a members' page is rendered from", () => {
    for (const apiPath of Object.values(MEMBER_PAGE_READS).flat()) expect(upstreamFor(apiPath)).toBe('members');
  });
});
