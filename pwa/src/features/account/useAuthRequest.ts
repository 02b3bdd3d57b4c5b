import type { TwoStepChallenge } from '@coach/contracts';
import { isExpiredChallenge, type NativeFormAction } from '@coach/site-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startSession } from '../../shared/api/auth.ts';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { acceptedAnswer, outcomeError, useFormOutcome } from '../../shared/forms/formOutcome.ts';
import type { FormNotice } from '../../shared/forms/AuthForm.tsx';
import { notify } from '../../shared/notices/store.ts';

interface Options<Input> {
  /** The API path the form posts to. */
  path: string;
  /** Where the page's HTML posts the form (the gateway sends it on to `path`). */
  action: NativeFormAction;
  /** Whether success signs the visitor in (the session is read before moving on). */
  startsSession: boolean;
  success: { title: string; description: string };
  /** Where success leads. */
  next: string;
  failure: { title: string; fallback: string };
  /**
   * Runs once the server accepted what was sent (signed in, or asked for a two-step code), with
   * what was sent, before moving on.
   */
  onSuccess?: (input: Input) => void;
}

/** The notice of a refused sign-in: the server's words, or the fallback. */
const failureNotice = (failure: Options<unknown>['failure'], error: unknown): FormNotice => ({
  title: failure.title,
  description: serverMessage(error) ?? failure.fallback,
  variant: 'destructive',
});

/**
 * The submit of the sign-in, sign-up and admin sign-in forms: a notice and a new page on
 * success, the server's message (or the fallback) on failure. A sign-in that asks for a
 * two-step code instead gives `twoStep`, the props of the code step. The same form posted by the
 * page's HTML (before or without the app) comes back as `notice`, or as the code step.
 */
export function useAuthRequest<Input>({
  path,
  action,
  startsSession,
  success,
  next,
  failure,
  onSuccess,
}: Options<Input>) {
  const navigate = useNavigate();
  // The page a members-only gate sent the visitor from goes along (sign-up leads to sign-in).
  const { state } = useLocation();
  const queryClient = useQueryClient();
  const outcome = useFormOutcome(action);
  const refused = outcomeError(outcome);
  // A code step the page's HTML posted comes back to the code step, unless its challenge expired.
  const codeStep = outcome?.values.challenge && !(refused && isExpiredChallenge(serverMessage(refused)));
  const [challenge, setChallenge] = useState<TwoStepChallenge | undefined>(() => {
    if (codeStep) return { twoStepRequired: true, challenge: outcome.values.challenge!, message: '' };
    const asked = acceptedAnswer<Partial<TwoStepChallenge>>(outcome);
    return asked?.twoStepRequired ? (asked as TwoStepChallenge) : undefined;
  });
  const mutation = useMutation({
    mutationFn: async (input: Input) => {
      const [answer, { twoStepChallengeSchema }] = await Promise.all([
        postJson<unknown>(path, input),
        import('./signInSchemas.ts'),
      ]);
      const asked = twoStepChallengeSchema.safeParse(answer);
      if (asked.success) return asked.data;
      if (startsSession) await startSession(queryClient);
    },
    onSuccess: (asked, input) => {
      onSuccess?.(input);
      if (asked) return setChallenge(asked);
      notify(success);
      navigate(next, { state });
    },
    onError: (error) => notify(failureNotice(failure, error)),
  });
  const twoStep = challenge && { challenge, action, success, next, onRestart: () => setChallenge(undefined) };
  return { ...mutation, twoStep, notice: refused && !codeStep ? failureNotice(failure, refused) : undefined };
}
