import { passwordResetRequestSchema, type Accepted, type PasswordResetRequest } from '@coach/contracts';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { Alert } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { acceptedAnswer, outcomeError, useFormOutcome } from '../../shared/forms/formOutcome.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { AuthCard, type AuthCardTexts } from '../../shared/forms/AuthCard.tsx';
import { AuthForm, type AuthFormTexts } from '../../shared/forms/AuthForm.tsx';
import { useFormFields } from '../../shared/forms/useFormFields.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

const CARD: AuthCardTexts = {
  overline: 'Sacred Circle',
  title: 'Forgot Password',
  lead: 'Enter the e-mail of your account and we will send you a link to choose a new password.',
  alternative: { prompt: 'Remembered it?', to: '/login', label: 'Sign in here' },
};

const notSent = (error: unknown) => ({
  title: 'Request not sent',
  description: serverMessage(error) ?? 'Please check your connection and try again.',
  variant: 'destructive' as const,
});

const FORM: AuthFormTexts = {
  label: 'Request a password reset link',
  submit: 'Send Reset Link',
  pending: 'Sending...',
};

/** Forgot password (/forgot-password): asks for a reset link by e-mail. */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const form = useFormFields({ email: '' }, '/forgot-password');
  const outcome = useFormOutcome('/forgot-password');
  const refused = outcomeError(outcome);
  const request = useMutation({
    mutationFn: (input: PasswordResetRequest) => postJson<Accepted>('/api/auth/password-reset/request', input),
    onError: (error) => notify(notSent(error)),
  });
  // Sent by the page's HTML, or by the app.
  const sent = request.data ?? acceptedAnswer<Accepted>(outcome);
  const submit = form.submitWith((values) => passwordResetRequestSchema.safeParse(values), request.mutate);

  return (
    <AuthCard icon={<KeyIcon />} texts={CARD}>
      {sent ? (
        <Alert severity="success" role="status">
          {sent.message} Check your inbox (and the spam folder).
        </Alert>
      ) : (
        <AuthForm
          texts={FORM}
          form={form}
          onSubmit={submit}
          notice={refused && notSent(refused)}
          pending={request.isPending}
        >
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
        </AuthForm>
      )}
    </AuthCard>
  );
}
