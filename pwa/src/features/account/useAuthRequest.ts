import type { TwoStepChallenge } from '@coach/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { startSession } from '../../shared/api/auth.ts';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';

interface Options<Input> {
  /** The API path the form posts to. */
  path: string;
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

/**
 * The submit of the sign-in, sign-up and admin sign-in forms: a notice and a new page on
 * success, the server's message (or the fallback) on failure. A sign-in that asks for a
 * two-step code instead gives `twoStep`, the props of the code step.
 */
export function useAuthRequest<Input>({ path, startsSession, success, next, failure, onSuccess }: Options<Input>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<TwoStepChallenge>();
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
      navigate(next);
    },
    onError: (error) => {
      notify({
        title: failure.title,
        description: serverMessage(error) ?? failure.fallback,
        variant: 'destructive',
      });
    },
  });
  const twoStep = challenge && { challenge, success, next, onRestart: () => setChallenge(undefined) };
  return { ...mutation, twoStep };
}
