import { describe, expect, it } from 'vitest';
import { isAppPage, matchAppRoute } from './appRoutes.ts';

describe("the app's pages", () => {
  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/About/', 'about'],
    ['/%61bout', 'about'],
    ['/blog//', 'blog'],
    ['/admin/login', 'adminLogin'],
    ['/admin-login', 'adminLoginAlias'],
    ['/admin/dashboard', 'adminDashboard'],
    ['/forgot-password', 'forgotPassword'],
    ['/reset-password', 'resetPassword'],
    ['/nowhere', undefined],
    ['/admin', undefined],
    ['/about/more', undefined],
    ['//about', undefined],
    ['/blog/a/b', undefined],
  ])('%s is the route %s', (urlPath, name) => {
    expect(matchAppRoute(urlPath)?.name).toBe(name);
  });

  it('gives a parameter its decoded value, and takes only the values its rule allows', () => {
    expect(matchAppRoute('/blog/finding-peace')).toEqual({ name: 'blogPost', param: 'finding-peace' });
    expect(matchAppRoute('/legal/Not%20Here')).toEqual({ name: 'legal', param: 'Not Here' });
    for (const page of ['/blog/finding-peace', '/blog/finding-peace/', '/legal/terms', '/LEGAL/terms']) {
      expect(isAppPage(page), page).toBe(true);
    }
    for (const notFound of [
      '/blog/Not_A_Slug',
      '/blog/a--b',
      '/blog/posts',
      `/blog/${'a'.repeat(256)}`,
      '/legal/xyz',
    ]) {
      expect(isAppPage(notFound), notFound).toBe(false);
    }
    expect(isAppPage('/nowhere')).toBe(false);
  });
});
