import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../../app/App.tsx';
import { AUTH_ME_KEY } from '../../shared/api/auth.ts';
import { AppProviders } from '../../app/AppProviders.tsx';
import { sampleAdmin as admin } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import AdminLoginPage, { validateAdminLogin } from './AdminLoginPage.tsx';

const renderPage = () => renderWithApp(<AdminLoginPage />, { route: '/admin/login' });

describe('admin login validation', () => {
  it('uses the sign-in validation messages', () => {
    expect(validateAdminLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateAdminLogin({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
    expect(validateAdminLogin({ email: 'coach@', password: 'x' })).toEqual({ email: 'Invalid email format' });
    expect(validateAdminLogin({ email: ' coach@example.com ', password: 'x' })).toEqual({});
  });
});

describe('AdminLoginPage', () => {
  it.each(['/admin/login', '/admin-login'])(
    'is served at %s',
    async (route) => {
      render(
        <AppProviders>
          <MemoryRouter initialEntries={[route]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>,
      );
      // The page is a lazy chunk: its first import in a test run takes a moment.
      expect(await screen.findByRole('button', { name: 'Sign in to Admin' }, { timeout: 8000 })).toBeInTheDocument();
      // The title is set in an effect after the page renders.
      await waitFor(() => expect(document.title).toMatch(/^Admin Login - /));
    },
    15_000,
  );

  it('shows the field messages and calls nothing while invalid', async () => {
    let called = false;
    server.use(http.post('/api/admin/login', () => ((called = true), HttpResponse.json({}))));
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Sign in to Admin' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^email/i), 'coach');
    await user.click(screen.getByRole('button', { name: 'Sign in to Admin' }));
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('has a password toggle and a Back to Home link', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('signs in: "Login successful" and on to /admin/dashboard', async () => {
    let signedIn = false;
    let body: unknown;
    server.use(
      http.post('/api/admin/login', async ({ request }) => {
        body = await request.json();
        signedIn = true;
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/auth/me', () =>
        signedIn ? HttpResponse.json(admin) : HttpResponse.json({ message: 'Not signed in' }, { status: 401 }),
      ),
    );
    const { user, client } = renderPage();
    await user.type(screen.getByLabelText(/^email/i), 'coach@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Awaken-2025!');
    await user.click(screen.getByRole('button', { name: 'Sign in to Admin' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to the admin dashboard')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(body).toEqual({ email: 'coach@example.com', password: 'Awaken-2025!' });
    expect(client.getQueryData(AUTH_ME_KEY)).toEqual(admin);
  });

  it('shows the server message on failure', async () => {
    server.use(
      http.post('/api/admin/login', () => HttpResponse.json({ message: 'Admin access only' }, { status: 403 })),
    );
    const { user } = renderPage();
    await user.type(screen.getByLabelText(/^email/i), 'member@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Seeker-2025!');
    await user.click(screen.getByRole('button', { name: 'Sign in to Admin' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Login failed');
    expect(notice).toHaveTextContent('Admin access only');
  });

  it('falls back to "Invalid credentials"', async () => {
    server.use(http.post('/api/admin/login', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderPage();
    await user.type(screen.getByLabelText(/^email/i), 'coach@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in to Admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('asks for the two-step code after a correct password, shows a wrong code at the field, then signs in', async () => {
    let signedIn = false;
    const codes: unknown[] = [];
    server.use(
      http.post('/api/admin/login', () =>
        HttpResponse.json(
          { twoStepRequired: true, challenge: 'challenge-1', message: 'Enter the 6-digit code' },
          { status: 202 },
        ),
      ),
      http.post('/api/auth/login/two-step', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        codes.push(body);
        if (body.code !== '654321') return HttpResponse.json({ message: 'That code is not right.' }, { status: 401 });
        signedIn = true;
        return HttpResponse.json(admin);
      }),
      http.get('/api/auth/me', () =>
        signedIn ? HttpResponse.json(admin) : HttpResponse.json({ message: 'Not signed in' }, { status: 401 }),
      ),
    );
    const { user } = renderPage();
    await user.type(screen.getByLabelText(/^email/i), 'coach@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Awaken-2025!');
    await user.click(screen.getByRole('button', { name: 'Sign in to Admin' }));
    expect(await screen.findByRole('heading', { name: 'Two-Step Sign-In' })).toBeInTheDocument();
    expect(signedIn).toBe(false);

    await user.type(screen.getByLabelText(/^code/i), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^code/i));
    await user.type(screen.getByLabelText(/^code/i), '654 321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(codes).toEqual([
      { challenge: 'challenge-1', code: '123456' },
      { challenge: 'challenge-1', code: '654321' },
    ]);
  });
});
