import { passwordResetRequestSchema, type Accepted, type PasswordResetRequest } from '@coach/contracts';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { Alert, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { AuthCard } from '../../shared/forms/AuthCard.tsx';
import { AuthForm } from '../../shared/forms/AuthForm.tsx';
import { useFormFields } from '../../shared/forms/useFormFields.ts';

/** Forgot password (/forgot-password): asks for a reset link by e-mail. */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const form = useFormFields({ email: '' });
  const request = useMutation({
    mutationFn: (input: PasswordResetRequest) => postJson<Accepted>('/api/auth/password-reset/request', input),
    onError: (error) =>
      notify({
        title: 'Request not sent',
        description: serverMessage(error) ?? 'Please check your connection and try again.',
        variant: 'destructive',
      }),
  });
  const submit = form.submitWith((values) => passwordResetRequestSchema.safeParse(values), request.mutate);

  return (
    <AuthCard
      icon={<KeyIcon />}
      overline="Sacred Circle"
      title="Forgot Password"
      lead="Enter the e-mail of your account and we will send you a link to choose a new password."
      alternative={{ prompt: 'Remembered it?', to: '/login', label: 'Sign in here' }}
    >
      {request.isSuccess ? (
        <Alert severity="success" role="status">
          {request.data.message} Check your inbox (and the spam folder).
        </Alert>
      ) : (
        <AuthForm
          label="Request a password reset link"
          formRef={form.ref}
          onSubmit={submit}
          pending={request.isPending}
          submitLabel="Send Reset Link"
          pendingLabel="Sending..."
        >
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
        </AuthForm>
      )}
    </AuthCard>
  );
}
