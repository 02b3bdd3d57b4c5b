import { APP_ROUTES, matchAppRoute } from '@coach/site-rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { MemoryRouter, matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { APP_ROUTE_OBJECTS, AppRoutes } from './App.tsx';
import { createQueryClient } from '../shared/api/client.ts';
import { AppProviders } from './AppProviders.tsx';
import { site } from '../shared/config/site.ts';

function renderApp(route: string) {
  return render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

const main = () => screen.getByRole('main');

describe('public routes: every page in the shared layout, with its own title', () => {
  const pages: [string, string | RegExp, string][] = [
    ['/', 'Awaken to the life your soul has been calling for', 'Spiritual Life Coach'],
    ['/about', 'My Journey to Awakening', 'About'],
    ['/coaching', 'Transformational Coaching Programs', 'Coaching Programs'],
    ['/testimonials', 'Client Stories', 'Client Stories'],
    ['/blog', 'Spiritual Insights', 'Spiritual Insights Blog'],
    ['/ask-ai', 'Soul Companion', 'Ask AI - Soul Companion'],
    ['/contact', 'Let’s Begin the Conversation', 'Contact & Book a Free Clarity Call'],
  ];
  for (const [route, heading, title] of pages) {
    it(`${route} renders its page`, async () => {
      renderApp(route);
      expect(
        await within(main()).findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      // The title is set in an effect, which may run just after the heading is on screen.
      await waitFor(() => expect(document.title).toBe(`${title} - ${site.brand}`));
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
      // The footer and the widgets mount once the page has loaded and gone idle.
      expect(await screen.findByRole('contentinfo', {}, { timeout: 15_000 })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Ask the coach' }, { timeout: 15_000 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Open spiritual guidance chat' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Chat on WhatsApp' })).toBeInTheDocument();
    });
  }

  it('an unknown path shows the not-found page', async () => {
    renderApp('/this/does/not/exist');
    expect(
      await within(main()).findByRole('heading', { level: 1, name: 'Page Not Found' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(within(main()).getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });

  it('an unknown legal page is not found either', async () => {
    renderApp('/legal/nothing-here');
    expect(
      await within(main()).findByRole('heading', { level: 1, name: 'Page Not Found' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});

describe('where a page opens', () => {
  it("the first page stays where the browser put it (a shared link's section); the next one opens at its top", async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      renderApp('/legal/disclaimer#results');
      await within(main()).findByRole('heading', { level: 1 }, { timeout: 15_000 });
      expect(scrollTo).not.toHaveBeenCalled();
      fireEvent.click(within(screen.getByRole('banner')).getAllByRole('link', { name: 'About', hidden: true })[0]!);
      await within(main()).findByRole('heading', { level: 1, name: 'My Journey to Awakening' }, { timeout: 15_000 });
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    } finally {
      scrollTo.mockRestore();
    }
  });
});

describe('the router and the gateway read paths alike (both from APP_ROUTES)', () => {
  const routerPage = (urlPath: string) => matchRoutes(APP_ROUTE_OBJECTS, urlPath)?.at(-1)?.route.path;

  it.each([
    ...Object.values(APP_ROUTES).map((route) => route.path.replace(':slug', 'a-slug')),
    '/About/',
    '/%61bout',
    '/blog//',
    '/blog/Not_A_Slug',
    '/legal/xyz',
    '/nowhere',
    '/admin',
    '/about/more',
    '/blog/a/b',
    '//about',
    '/blog/a%2Fb',
  ])('%s', (urlPath) => {
    const route = matchAppRoute(urlPath);
    expect(routerPage(urlPath)).toBe(route ? APP_ROUTES[route.name].path : '*');
  });
});
