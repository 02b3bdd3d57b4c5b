import type { CurrentUser } from '@coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './client.ts';

export const AUTH_ME_KEY = ['/api/auth/me'] as const;

/** The current user; a 401 or any failure means signed out (spec §8 "Auth failure"). */
export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: AUTH_ME_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    isAdmin: user?.role === 'admin',
  };
}

/** Logout is a browser navigation to the logout path (spec §4, §7). */
export function logout(): void {
  window.location.assign('/api/auth/logout');
}
