import {
  twoStepSignInInputSchema,
  type CurrentUser,
  type TwoStepChallenge,
  type TwoStepSignInInput,
} from '@coach/contracts';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { startSession } from '../../shared/api/auth.ts';
import { ApiRequestError, postJson, serverMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { isExpiredChallenge, type NativeFormAction } from '@coach/site-rules';
import { AuthCard, AuthForm, useFormFields, type AuthFormTexts } from '../../shared/forms/index.ts';
import { outcomeError, useFormOutcome } from '../../shared/forms/formOutcome.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

const FORM: AuthFormTexts = { label: 'Two-step sign-in', submit: 'Verify', pending: 'Verifying...' };

/**
 * The second step of a sign-in with two-step sign-in on: the 6-digit code of the authenticator
 * app, or a recovery code. Success signs in as the password form would; an expired challenge
 * returns to the password form (`onRestart`).
 */
export function TwoStepSignIn({
  challenge,
  action,
  overline,
  success,
  next,
  onRestart,
}: {
  challenge: TwoStepChallenge;
  /** Where the page's HTML posts the code, with the challenge (the sign-in form's own address). */
  action: NativeFormAction;
  overline: string;
  success: { title: string; description: string };
  next: string;
  onRestart: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useFormFields({ code: '' }, action);
  // A code the page's HTML posted and the server refused: its words beside the field.
  const refused = outcomeError(useFormOutcome(action));
  const [refusedCode, setRefusedCode] = useState(refused && serverMessage(refused));
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
      if (error instanceof ApiRequestError && error.status === 401 && !isExpiredChallenge(message)) {
        form.check({ code: message });
        return;
      }
      notify({ title: 'Sign-in failed', description: message, variant: 'destructive' });
      if (isExpiredChallenge(message)) onRestart();
    },
  });

  const submit = form.submitWith(
    (values) => twoStepSignInInputSchema.safeParse({ challenge: challenge.challenge, ...values }),
    (data) => verify.mutate(data),
  );

  const typedCode = form.field('code');
  const code = {
    ...typedCode,
    onChange: (event: { target: { value: string } }) => {
      setRefusedCode(undefined);
      typedCode.onChange(event);
    },
  };

  return (
    <AuthCard
      icon={<PhonelinkLockIcon />}
      texts={{
        overline,
        title: 'Two-Step Sign-In',
        lead: 'Open your authenticator app and enter the 6-digit code it shows for this site.',
      }}
    >
      <AuthForm texts={FORM} form={form} onSubmit={submit} pending={verify.isPending}>
        <input type="hidden" name="challenge" value={challenge.challenge} />
        <TextField
          label="Code"
          autoComplete="one-time-code"
          autoFocus
          {...code}
          error={code.error || Boolean(refusedCode)}
          helperText={form.errors.code ?? refusedCode ?? 'Lost your phone? Enter one of your recovery codes instead.'}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 20 } }}
          required
        />
      </AuthForm>
      {/* Without the app, the sign-in form's page: a fresh start. */}
      <Button
        href={action}
        onClick={(event) => {
          event.preventDefault();
          onRestart();
        }}
        fullWidth
        sx={{ mt: 1.5 }}
        disabled={verify.isPending}
      >
        Start over
      </Button>
    </AuthCard>
  );
}
