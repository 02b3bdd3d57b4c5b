import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import SignupPage from './SignupPage.tsx';

async function fill(user: ReturnType<typeof renderWithApp>['user']) {
  await user.type(screen.getByLabelText(/^full name/i), 'Asha Rao');
  await user.type(screen.getByLabelText(/^username/i), 'Asha_R');
  await user.type(screen.getByLabelText(/^email/i), 'asha@example.com');
  await user.type(screen.getByLabelText(/^password/i), 'Seeker-2025!');
}

describe('SignupPage', () => {
  it('links to /login and home', () => {
    renderWithApp(<SignupPage />, { route: '/signup' });
    expect(screen.getByRole('heading', { level: 1, name: 'Join the Journey' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the schema messages for an empty form', async () => {
    const { user } = renderWithApp(<SignupPage />, { route: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(
      screen.getByText('Username must be 3 to 30 letters, digits, dots, dashes or underscores'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    const { user } = renderWithApp(<SignupPage />, { route: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('type', 'text');
  });

  it('reads "Creating Account..." while pending, then welcomes and goes to /login', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let body: unknown;
    server.use(
      http.post('/api/auth/signup', async ({ request }) => {
        body = await request.json();
        await held;
        return HttpResponse.json({ id: '8' }, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<SignupPage />, { route: '/signup' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Welcome to the community!')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(body).toEqual({ name: 'Asha Rao', username: 'asha_r', email: 'asha@example.com', password: 'Seeker-2025!' });
  });

  it('shows the server message of a duplicate account (409)', async () => {
    server.use(
      http.post('/api/auth/signup', () =>
        HttpResponse.json({ message: 'An account with this email already exists' }, { status: 409 }),
      ),
    );
    const { user } = renderWithApp(<SignupPage />, { route: '/signup' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Signup failed');
    expect(notice).toHaveTextContent('An account with this email already exists');
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it('falls back to the generic message without a server message', async () => {
    server.use(http.post('/api/auth/signup', () => HttpResponse.error()));
    const { user } = renderWithApp(<SignupPage />, { route: '/signup' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to create account. Please try again.');
  });
});
