import type { MemberSessions } from '@coach/contracts';
import { bookingLink } from '@coach/site-rules';
import { useQuery } from '@tanstack/react-query';
import { site } from '../config/site.ts';
import { useAuth } from './auth.ts';
import { getQueryFn } from './client.ts';

export const MY_SESSIONS_KEY = ['/api/bookings/mine'] as const;

/** The booking page as the visitor should open it: with her details when a member is signed in. */
export function useBookingUrl(): string {
  const { user, isAdmin } = useAuth();
  const member = user !== null && !isAdmin;
  const sessions = useQuery({
    queryKey: MY_SESSIONS_KEY,
    queryFn: getQueryFn<MemberSessions>({ on401: 'returnNull' }),
    enabled: member,
  });
  const memberRef = member ? sessions.data?.memberRef : undefined;
  return bookingLink(
    site.bookingUrl,
    memberRef && user ? { name: user.name, email: user.email, memberRef } : undefined,
  );
}
