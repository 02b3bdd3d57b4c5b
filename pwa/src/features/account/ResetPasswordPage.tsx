import { passwordResetConfirmSchema, type Accepted, type PasswordResetConfirm } from '@coach/contracts';
import { PASSWORDS_DIFFER } from '@coach/site-rules';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Alert, Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { AuthCard, type AuthCardTexts } from '../../shared/forms/AuthCard.tsx';
import { AuthForm, type AuthFormTexts } from '../../shared/forms/AuthForm.tsx';
import { serverFieldErrors } from '../../shared/forms/fieldErrors.ts';
import { acceptedAnswer, outcomeError, useFormOutcome } from '../../shared/forms/formOutcome.ts';
import { PasswordField } from '../../shared/forms/PasswordField.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import { useFormFields } from '../../shared/forms/useFormFields.ts';

const CARD: AuthCardTexts = {
  overline: 'Sacred Circle',
  title: 'Choose a New Password',
  lead: 'Pick a password you do not use anywhere else. Every device signed in to your account will be signed out.',
};

/**
 * What a refused reset says of its link (the token's field error, or the server's words), or
 * undefined when only the new password is wrong.
 */
function linkProblemOf(error: unknown): string | undefined {
  const errors = serverFieldErrors<'token' | 'password' | 'confirmPassword'>(error);
  if (errors.token) return errors.token;
  if (errors.password || errors.confirmPassword) return undefined;
  return serverMessage(error) ?? 'Something went wrong. Please try again.';
}

const FORM: AuthFormTexts = { label: 'Choose a new password', submit: 'Set New Password', pending: 'Saving...' };

/** Reset password (/reset-password?token=…): the link from the e-mail; sets a new password once. */
export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenProblem = passwordResetConfirmSchema.shape.token.safeParse(token).error?.issues[0]?.message;
  // What a reset the page's HTML posted came to: done, or a link or field problem.
  const outcome = useFormOutcome('/reset-password');
  const refused = outcomeError(outcome);
  const [linkProblem, setLinkProblem] = useState(() => tokenProblem ?? (refused && linkProblemOf(refused)));
  const form = useFormFields({ password: '', confirmPassword: '' }, '/reset-password');
  const reset = useMutation({
    mutationFn: (input: PasswordResetConfirm) => postJson<Accepted>('/api/auth/password-reset/confirm', input),
    onError: (error) => {
      const password = serverFieldErrors<'password'>(error).password;
      form.check(password ? { password } : {});
      setLinkProblem(linkProblemOf(error));
    },
  });
  const done = reset.data ?? acceptedAnswer<Accepted>(outcome);

  const submit = form.submitWith(({ password, confirmPassword }) => {
    const parsed = passwordResetConfirmSchema.safeParse({ token, password });
    if (parsed.success && password !== confirmPassword)
      return {
        success: false,
        error: { issues: [{ path: ['confirmPassword'], message: PASSWORDS_DIFFER }] },
      };
    return parsed;
  }, reset.mutate);

  return (
    <AuthCard icon={<LockResetIcon />} texts={CARD}>
      {done ? (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {done.message}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            Sign In
          </Button>
        </Stack>
      ) : linkProblem ? (
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {linkProblem}
          </Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained" size="large">
            Request a New Link
          </Button>
        </Stack>
      ) : (
        <AuthForm texts={FORM} form={form} onSubmit={submit} pending={reset.isPending}>
          <input type="hidden" name="token" value={token} />
          <NewPasswordField label="New password" field={form.field('password')} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...form.field('confirmPassword')}
            required
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
