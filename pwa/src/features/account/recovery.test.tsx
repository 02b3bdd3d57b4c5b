import { PASSWORD_RESET_REQUESTED, PASSWORD_TOO_COMMON, RESET_LINK_USED } from '@coach/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { capture, signIn } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import LoginPage from './LoginPage.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import { clearSignInDraft, prefillSignIn } from './signInDraft.ts';

beforeEach(clearSignInDraft);

const TOKEN = 'Zk3_abcdefghijklmnopqrstuvwxyz0123456789-AB';

describe('ForgotPasswordPage', () => {
  it('validates the e-mail, then sends it and shows the same answer whatever the account', async () => {
    const requests = capture(
      'post',
      '/api/auth/password-reset/request',
      { ok: true, message: PASSWORD_RESET_REQUESTED },
      202,
    );
    const { user } = renderWithApp(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(screen.getByLabelText(/^email/i), 'Seeker@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_REQUESTED);
    expect(requests[0]?.body).toEqual({ email: 'seeker@example.com' });
  });
});

describe('ResetPasswordPage', () => {
  it('says at once that a link without a valid token does not work, and offers a new one', () => {
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password?token=short' });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is not valid');
    expect(screen.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows a refused password on its field, and a used link in place of the form', async () => {
    const { user } = renderWithApp(<ResetPasswordPage />, { route: `/reset-password?token=${TOKEN}` });
    capture(
      'post',
      '/api/auth/password-reset/confirm',
      { message: PASSWORD_TOO_COMMON, issues: [{ path: 'password', message: PASSWORD_TOO_COMMON }] },
      400,
    );
    await user.type(screen.getByLabelText(/^new password/i), 'password1');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'password1');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText(PASSWORD_TOO_COMMON)).toBeInTheDocument();

    const requests = capture(
      'post',
      '/api/auth/password-reset/confirm',
      { message: RESET_LINK_USED, issues: [{ path: 'token', message: RESET_LINK_USED }] },
      400,
    );
    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), 'Lantern-Over-Water-7');
    await user.clear(screen.getByLabelText(/^confirm new password/i));
    await user.type(screen.getByLabelText(/^confirm new password/i), 'Lantern-Over-Water-7');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_USED);
    expect(requests[0]?.body).toEqual({ token: TOKEN, password: 'Lantern-Over-Water-7' });
  });

  it('refuses two different passwords before asking the server, then confirms the change', async () => {
    const requests = capture('post', '/api/auth/password-reset/confirm', {
      ok: true,
      message: 'Your password has been reset. Please sign in with your new password.',
    });
    const { user } = renderWithApp(<ResetPasswordPage />, { route: `/reset-password?token=${TOKEN}` });
    await user.type(screen.getByLabelText(/^new password/i), 'Lantern-Over-Water-7');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'Lantern-Over-Water-8');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(screen.getByLabelText(/^confirm new password/i), '{Backspace}7');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('sign in with your new password');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});

describe('SecuritySection', () => {
  it('shows a wrong current password on its field, then changes the password and empties the form', async () => {
    signIn();
    const { user } = renderWithApp(<SecuritySection />, { route: '/profile' });
    const wrong = capture(
      'post',
      '/api/auth/password',
      {
        message: 'Your current password is not correct.',
        issues: [{ path: 'currentPassword', message: 'Your current password is not correct.' }],
      },
      400,
    );
    await user.type(screen.getByLabelText(/^current password/i), 'Not-It-1');
    await user.type(screen.getByLabelText(/^new password/i), 'Lantern-Over-Water-7');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'Lantern-Over-Water-7');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findAllByText('Your current password is not correct.')).not.toHaveLength(0);
    expect(wrong[0]?.body).toEqual({ currentPassword: 'Not-It-1', newPassword: 'Lantern-Over-Water-7' });

    capture('post', '/api/auth/password', {
      ok: true,
      message: 'Your password has been changed. Your other devices have been signed out.',
    });
    await user.clear(screen.getByLabelText(/^current password/i));
    await user.type(screen.getByLabelText(/^current password/i), 'Gentle-Breath-42');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(/other devices have been signed out/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^new password/i)).toHaveValue(''));
  });

  it('shows a strength meter that calls a common password too easy to guess', async () => {
    signIn();
    const { user } = renderWithApp(<SecuritySection />, { route: '/profile' });
    await user.type(screen.getByLabelText(/^new password/i), 'password1');
    expect(
      await screen.findByText(/Password strength: Too easy to guess/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), 'Lantern-Over-Water-7');
    expect(await screen.findByText('Password strength: Strong', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the sign-in form keeps what was typed', () => {
  it('starts with the e-mail just registered, and a remount keeps what was typed', async () => {
    prefillSignIn('new.seeker@example.com');
    const first = renderWithApp(<LoginPage />, { route: '/login' });
    expect(screen.getByLabelText(/^email/i)).toHaveValue('new.seeker@example.com');
    await first.user.type(screen.getByLabelText(/^password/i), 'Typed-Before');
    first.unmount();
    renderWithApp(<LoginPage />, { route: '/login' });
    expect(screen.getByLabelText(/^email/i)).toHaveValue('new.seeker@example.com');
    expect(screen.getByLabelText(/^password/i)).toHaveValue('Typed-Before');
  });

  it('links to /forgot-password', () => {
    renderWithApp(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
