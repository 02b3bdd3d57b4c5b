import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, NEVER_CACHED_API, isBlogRead, isStaticAsset } from './swRoutes.ts';

const url = (path: string) => new URL(path, 'https://coach.example');

describe('service worker routes (issue #7)', () => {
  it('caches the blog list and posts, nothing else of the API', () => {
    expect(isBlogRead(url('/api/blog/posts'))).toBe(true);
    expect(isBlogRead(url(`/api/blog/posts?category=Healing&cursor=${'a'.repeat(24)}`))).toBe(true);
    expect(isBlogRead(url('/api/blog/posts/months'))).toBe(true);
    expect(isBlogRead(url('/api/blog/posts/index'))).toBe(false);
    expect(isBlogRead(url('/api/blog/finding-stillness'))).toBe(true);
    expect(isBlogRead(url('/api/blog/generate-daily'))).toBe(false);
    expect(isBlogRead(url('/api/site-stats'))).toBe(false);
    for (const prefix of NEVER_CACHED_API) {
      expect(isBlogRead(url(`${prefix}/anything`))).toBe(false);
      expect(isStaticAsset(url(`${prefix}/anything`), 'image')).toBe(false);
    }
  });

  it('caches images and local assets', () => {
    expect(isStaticAsset(url('/images/blog/stillness.svg'), 'image')).toBe(true);
    expect(isStaticAsset(url('/assets/hero-abc.svg'), '')).toBe(true);
    expect(isStaticAsset(url('/about'), 'document')).toBe(false);
  });

  it('gives the app shell to page paths only: never /api, never a file', () => {
    const denied = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path));
    expect(denied('/api/auth/me')).toBe(true);
    expect(denied('/api')).toBe(true);
    expect(denied('/sw.js')).toBe(true);
    expect(denied('/images/blog/x.svg')).toBe(true);
    expect(denied('/blog/finding-stillness')).toBe(false);
    expect(denied('/legal/privacy-policy')).toBe(false);
    expect(denied('/')).toBe(false);
  });
});
