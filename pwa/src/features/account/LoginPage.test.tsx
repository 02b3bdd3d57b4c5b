import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { formOutcomeKey } from '@coach/site-rules';
import { AUTH_ME_KEY } from '../../shared/api/auth.ts';
import { sampleMember as member } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { Route, Routes } from 'react-router';
import { AuthGate } from './AuthGate.tsx';
import LoginPage from './LoginPage.tsx';
import { clearSignInDraft, useSignInDraft } from './signInDraft.ts';

// The draft outlives a form by design; each test starts with an empty one.
beforeEach(clearSignInDraft);

async function fillAndSubmit(user: ReturnType<typeof renderWithApp>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText(/^email/i), email);
  if (password) await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('links to /signup with "Create one here" and home with "Back to Home"', () => {
    renderWithApp(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Create one here' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/^Sign In - /);
  });

  it('validates with the login schema before calling the API', async () => {
    const { user } = renderWithApp(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^email/i), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = renderWithApp(<LoginPage />, { route: '/login' });
    const password = screen.getByLabelText(/^password/i);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('reads "Signing In..." while pending, then welcomes the member and lands on /community', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let body: unknown;
    let signedIn = false;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        body = await request.json();
        await held;
        signedIn = true;
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/auth/me', () =>
        signedIn ? HttpResponse.json(member) : HttpResponse.json({ message: 'Not signed in' }, { status: 401 }),
      ),
    );
    const { user, client } = renderWithApp(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, ' Asha@Example.com ', 'Seeker-2025!');
    const pending = await screen.findByRole('button', { name: 'Signing In...' });
    expect(pending).toBeDisabled();
    release();
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('You have successfully logged in.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/community'));
    expect(body).toEqual({ email: 'asha@example.com', password: 'Seeker-2025!' });
    expect(client.getQueryData(AUTH_ME_KEY)).toEqual(member);
  });

  it('brings a visitor a members-only page sent to sign in back to that page once signed in', async () => {
    let signedIn = false;
    server.use(
      http.post('/api/auth/login', () => {
        signedIn = true;
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/auth/me', () =>
        signedIn ? HttpResponse.json(member) : HttpResponse.json({ message: 'Not signed in' }, { status: 401 }),
      ),
    );
    const pages = (
      <Routes>
        <Route
          path="/profile"
          element={
            <AuthGate notice="Please sign in." title="Your Profile" lead="Sign in to see it.">
              {(me) => <p>Profile of {me.name}</p>}
            </AuthGate>
          }
        />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    );
    const { user } = renderWithApp(pages, { route: '/profile' });
    await user.click(await screen.findByRole('link', { name: 'Sign In' }));
    await fillAndSubmit(user, 'asha@example.com', 'Seeker-2025!');
    expect(await screen.findByText(`Profile of ${member.name}`)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('shows the server message when the login fails', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ message: 'Incorrect email or password' }, { status: 401 }),
      ),
    );
    const { user } = renderWithApp(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, 'asha@example.com', 'wrong-password');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Login failed');
    expect(notice).toHaveTextContent('Incorrect email or password');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('falls back to "Invalid email or password." without a server message', async () => {
    server.use(http.post('/api/auth/login', () => new HttpResponse('Bad Gateway', { status: 502 })));
    const { user } = renderWithApp(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, 'asha@example.com', 'Seeker-2025!');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.'));
  });

  it('forgets the typed password once the server asks for a two-step code', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ twoStepRequired: true, challenge: 'c-1', message: 'Enter the code from your app.' }),
      ),
    );
    const { user } = renderWithApp(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, 'asha@example.com', 'Seeker-2025!');
    expect(await screen.findByLabelText(/^code/i)).toBeInTheDocument();
    expect(useSignInDraft.getState()).toEqual({ email: '', password: '' });
  });
});

describe('LoginPage drawn with a sign-in the page posted without the app', () => {
  const refused = {
    action: '/login',
    status: 401,
    answer: { message: 'Invalid email or password' },
    values: { email: 'seeker@example.com' },
  } as const;

  it('posts to /login, and shows the refusal above the fields with the e-mail kept and no password', () => {
    renderWithApp(<LoginPage />, { route: '/login', seed: [{ queryKey: formOutcomeKey('/login'), data: refused }] });
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/login');
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed Invalid email or password');
    expect(screen.getByLabelText(/^email/i)).toHaveValue('seeker@example.com');
    expect(screen.getByLabelText(/^password/i)).toHaveValue('');
  });

  it('asks for the two-step code when the password was right, carrying the challenge in the form', async () => {
    const asked = { ...refused, status: 200, answer: { twoStepRequired: true, challenge: 'c-123', message: 'Enter the code' } };
    renderWithApp(<LoginPage />, { route: '/login', seed: [{ queryKey: formOutcomeKey('/login'), data: asked }] });
    expect(await screen.findByRole('heading', { name: 'Two-Step Sign-In' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Two-step sign-in' });
    expect(form).toHaveAttribute('action', '/login');
    expect(form.querySelector('input[type="hidden"][name="challenge"]')).toHaveValue('c-123');
  });
});
