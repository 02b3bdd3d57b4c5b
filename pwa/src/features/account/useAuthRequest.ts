import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { startSession } from '../../shared/api/auth.ts';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';

interface Options {
  /** The API path the form posts to. */
  path: string;
  /** Whether success signs the visitor in (the session is read before moving on). */
  startsSession: boolean;
  success: { title: string; description: string };
  /** Where success leads. */
  next: string;
  failure: { title: string; fallback: string };
}

/**
 * The submit of the sign-in, sign-up and admin sign-in forms: a notice and a new page on
 * success, the server's message (or the fallback) on failure.
 */
export function useAuthRequest<Input>({ path, startsSession, success, next, failure }: Options) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      await postJson(path, input);
      if (startsSession) await startSession(queryClient);
    },
    onSuccess: () => {
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
}
