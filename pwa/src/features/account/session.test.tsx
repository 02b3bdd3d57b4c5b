import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { Header } from '../../app/layout/Header.tsx';
import { sampleMember as member } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

/** The layout re-renders the header on every navigation, as here. */
function Shell() {
  useLocation();
  return <Header />;
}

/** A session the server revokes on POST /api/auth/logout. */
function signedInSession() {
  const state = { signedIn: true, logoutCalls: 0 };
  server.use(
    http.get('/api/auth/me', () =>
      state.signedIn ? HttpResponse.json(member) : HttpResponse.json({ message: 'Not signed in' }, { status: 401 }),
    ),
    http.post('/api/auth/logout', () => {
      state.logoutCalls += 1;
      state.signedIn = false;
      return HttpResponse.json({ ok: true });
    }),
  );
  return state;
}

// jsdom lays its window out at a fixed 1024 x 768 px: the bar's links and Logout, shown from
// 1400 px, are in it but hidden (found with `hidden: true`); Logout is reached through the menu,
// which closes on it.
const hidden = true;

async function logOutThroughTheMenu(user: ReturnType<typeof renderWithApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  await user.click(await within(drawer).findByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(drawer).not.toBeInTheDocument());
}

describe('the header of a signed-in member', () => {
  it('greets by name, shows the member links and Logout instead of Sign In', async () => {
    signedInSession();
    renderWithApp(<Shell />, { route: '/community' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText('Welcome, Asha Rao')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Community', hidden })).toHaveAttribute('href', '/community');
    expect(within(nav).getByRole('link', { name: 'Profile', hidden })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('button', { name: 'Logout', hidden })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Sign In', hidden })).not.toBeInTheDocument();
  });

  it('greets by username when there is no name', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ ...member, name: '' })));
    renderWithApp(<Shell />);
    expect(await screen.findByText('Welcome, asha')).toBeInTheDocument();
  });

  it('logs out: revokes the session, clears cached data, returns to / and says so', async () => {
    const session = signedInSession();
    const { user, client } = renderWithApp(<Shell />, { route: '/profile' });
    client.setQueryData(['/api/profile', 'progress'], { spiritualLevel: 3 });
    await logOutThroughTheMenu(user);

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(session.logoutCalls).toBe(1);
    expect(client.getQueryData(['/api/profile', 'progress'])).toBeUndefined();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Sign In', hidden })).toBeInTheDocument();
    expect(within(nav).queryByText('Welcome, Asha Rao')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Community', hidden })).not.toBeInTheDocument();
  });

  it('keeps the member signed in and says so when the logout call fails', async () => {
    signedInSession();
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Unavailable' }, { status: 503 })));
    const { user } = renderWithApp(<Shell />, { route: '/profile' });
    await logOutThroughTheMenu(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Logout failed');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(screen.getByText('Welcome, Asha Rao')).toBeInTheDocument();
  });
});
