import {
  twoStepSignInInputSchema,
  type CurrentUser,
  type TwoStepChallenge,
  type TwoStepSignInInput,
} from '@coach/contracts';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { Button, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { startSession } from '../../shared/api/auth.ts';
import { ApiRequestError, postJson, serverMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { AuthCard, AuthForm, useFormFields } from '../../shared/forms/index.ts';

/** The message of a challenge that is used up or expired: the sign-in starts over. */
const EXPIRED = /expired/i;

/**
 * The second step of a sign-in with two-step sign-in on: the 6-digit code of the authenticator
 * app, or a recovery code. Success signs in as the password form would; an expired challenge
 * returns to the password form (`onRestart`).
 */
export function TwoStepSignIn({
  challenge,
  overline,
  success,
  next,
  onRestart,
}: {
  challenge: TwoStepChallenge;
  overline: string;
  success: { title: string; description: string };
  next: string;
  onRestart: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useFormFields({ code: '' });
  const verify = useMutation({
    mutationFn: async (input: TwoStepSignInInput) => {
      await postJson<CurrentUser>('/api/auth/login/two-step', input);
      await startSession(queryClient);
    },
    onSuccess: () => {
      notify(success);
      navigate(next);
    },
    onError: (error) => {
      const message = serverMessage(error) ?? 'Please try again.';
      if (error instanceof ApiRequestError && error.status === 401 && !EXPIRED.test(message)) {
        form.check({ code: message });
        return;
      }
      notify({ title: 'Sign-in failed', description: message, variant: 'destructive' });
      if (EXPIRED.test(message)) onRestart();
    },
  });

  const submit = form.submitWith(
    (values) => twoStepSignInInputSchema.safeParse({ challenge: challenge.challenge, ...values }),
    (data) => verify.mutate(data),
  );

  return (
    <AuthCard
      icon={<PhonelinkLockIcon />}
      overline={overline}
      title="Two-Step Sign-In"
      lead="Open your authenticator app and enter the 6-digit code it shows for this site."
    >
      <AuthForm
        label="Two-step sign-in"
        formRef={form.ref}
        onSubmit={submit}
        pending={verify.isPending}
        submitLabel="Verify"
        pendingLabel="Verifying..."
      >
        <TextField
          label="Code"
          autoComplete="one-time-code"
          autoFocus
          {...form.field('code')}
          helperText={form.errors.code ?? 'Lost your phone? Enter one of your recovery codes instead.'}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 20 } }}
          required
        />
      </AuthForm>
      <Button onClick={onRestart} fullWidth sx={{ mt: 1.5 }} disabled={verify.isPending}>
        Start over
      </Button>
    </AuthCard>
  );
}
