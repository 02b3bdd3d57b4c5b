import type { CurrentUser } from '@coach/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '../notices/store.ts';
import { clearPersistedQueries } from './persist.ts';
import { ApiRequestError, apiRequest, getQueryFn } from './client.ts';

export const AUTH_ME_KEY = ['/api/auth/me'] as const;

/** GET /api/auth/me: no retry; a 401 means signed out. */
export const currentUserQuery = queryOptions({
  queryKey: AUTH_ME_KEY,
  queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  retry: false,
});

/** The current user; a 401 or any failure means signed out. */
export function useAuth() {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    isAdmin: user?.role === 'admin',
  };
}

/** Whether someone is signed in; re-renders only when that changes (the header's links). */
export const useIsSignedIn = (): boolean =>
  useQuery({ ...currentUserQuery, select: (user) => user !== null }).data ?? false;

/**
 * After a sign-in: nothing cached for the previous visitor survives (answers, and mutations with
 * their form values), and the new session's user is read before any member page renders, so no
 * page sees a stale "signed out". The current-user entry is refetched in place, not removed,
 * so the header subscribed to it switches at once.
 */
export async function startSession(queryClient: QueryClient): Promise<CurrentUser | null> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_ME_KEY[0] });
  queryClient.getMutationCache().clear();
  // A check still in flight was asked without the new session's cookie: its answer would say
  // "signed out", and fetchQuery would hand back that same request.
  await queryClient.cancelQueries({ queryKey: AUTH_ME_KEY });
  return queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
}

/**
 * Logout: the session is revoked on the server, every cached answer is
 * cleared, the visitor returns to / and sees 'Logged out successfully'. A session that had
 * already expired (401) is as good as revoked.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      try {
        await apiRequest('POST', '/api/auth/logout');
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      // Everything cached goes, the current user included, and no component is told: the page
      // being left keeps what it shows until the navigation to / commits (so a members-only
      // page never flashes its sign-in prompt), and whatever renders from then on, the header
      // included (the layout re-renders it on every navigation), reads afresh: signed out.
      queryClient.clear();
      void clearPersistedQueries();
      navigate('/');
      notify({ title: 'Logged out successfully' });
    },
    onError: () => notify({ title: 'Logout failed', description: 'Please try again.', variant: 'destructive' }),
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
