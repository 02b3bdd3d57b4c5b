import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { site } from '../../shared/config/site.ts';
import { Header } from './Header.tsx';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

// jsdom lays its window out at a fixed 1024 x 768 px (no option or window property widens it): there
// the bar shows the menu button, and the links and account actions it shows from 1200 px (1400 px
// signed in) are in it but hidden. These tests find them hidden as they are (`hidden: true`); the
// browser tests check which controls show at which width.
const hidden = true;

describe('header', () => {
  it('signed out: shows the logo, name, main links, Sign In and Book Free Call', async () => {
    renderWithApp(<Header />);
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: new RegExp(`^${site.name}`) })).toHaveAttribute('href', '/');
    for (const [label, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Coaching', '/coaching'],
      ['Testimonials', '/testimonials'],
      ['Blog', '/blog'],
      ['Ask AI', '/ask-ai'],
      ['Contact', '/contact'],
      ['Sign In', '/login'],
    ]) {
      expect(within(nav).getByRole('link', { name: label, hidden })).toHaveAttribute('href', href);
    }
    const book = within(nav).getByRole('link', { name: 'Book Free Call', hidden });
    expect(book).toHaveAttribute('href', site.bookingUrl);
    expect(book).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Community', hidden })).not.toBeInTheDocument());
    expect(within(nav).queryByRole('button', { name: 'Logout', hidden })).not.toBeInTheDocument();
  });

  it('below 1200 px (jsdom lays out 1024 px) keeps the links behind the menu button', () => {
    renderWithApp(<Header />);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(within(mainNav()).getByRole('link', { name: 'About', hidden })).not.toBeVisible();
    expect(within(mainNav()).getByRole('link', { name: 'Sign In', hidden })).not.toBeVisible();
  });

  it('highlights the current route', () => {
    renderWithApp(<Header />, { route: '/blog' });
    expect(within(mainNav()).getByRole('link', { name: 'Blog', hidden })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home', hidden })).not.toHaveAttribute('aria-current');
  });

  it('signed in: greets by name, shows Community, Profile and Logout', async () => {
    signIn({ name: 'Asha Rao' });
    renderWithApp(<Header />);
    const nav = mainNav();
    expect(await within(nav).findByText('Welcome, Asha Rao')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Community', hidden })).toHaveAttribute('href', '/community');
    expect(within(nav).getByRole('link', { name: 'Profile', hidden })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('button', { name: 'Logout', hidden })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Sign In', hidden })).not.toBeInTheDocument();
  });

  it('offers the coach an Admin entry back to her workspace, in the bar and the menu; a member has none', async () => {
    signIn({ name: 'Meera Anand', role: 'admin' });
    const { user } = renderWithApp(<Header />);
    const nav = mainNav();
    await within(nav).findByText('Welcome, Meera Anand');
    expect(within(nav).getByRole('link', { name: 'Admin', hidden })).toHaveAttribute('href', '/admin/dashboard');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Admin' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
  });

  it('shows a member no Admin entry', async () => {
    signIn({ name: 'Asha Rao' });
    renderWithApp(<Header />);
    await within(mainNav()).findByText('Welcome, Asha Rao');
    expect(screen.queryByRole('link', { name: 'Admin', hidden })).not.toBeInTheDocument();
  });

  it('greets by username when the user has no name', async () => {
    signIn({ name: '', username: 'seeker42' });
    renderWithApp(<Header />);
    expect(await within(mainNav()).findByText('Welcome, seeker42')).toBeInTheDocument();
  });

  it('treats an auth failure as signed out', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderWithApp(<Header />);
    await waitFor(() => expect(within(mainNav()).getByRole('link', { name: 'Sign In', hidden })).toBeInTheDocument());
    expect(within(mainNav()).queryByText(/Welcome,/)).not.toBeInTheDocument();
  });

  it('changes style once the page has scrolled more than 50 px', () => {
    renderWithApp(<Header />);
    const bar = screen.getByRole('banner');
    expect(bar).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
      fireEvent.scroll(window);
    });
    expect(bar).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 51, configurable: true });
      fireEvent.scroll(window);
    });
    expect(bar).toHaveAttribute('data-scrolled', 'true');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      fireEvent.scroll(window);
    });
  });

  it('opens a drawer with the same links (mobile labels) that closes when a link is chosen', async () => {
    signIn({ name: 'Asha Rao' });
    const { user } = renderWithApp(<Header />);
    await within(mainNav()).findByText('Welcome, Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Sacred Circle' })).toHaveAttribute('href', '/community');
    expect(within(drawer).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: 'Testimonials' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/testimonials');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('signed out, the drawer offers Sign In and Book Free Call', async () => {
    const { user } = renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(drawer).getByRole('link', { name: 'Book Free Call' })).toHaveAttribute('href', site.bookingUrl);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });
});
