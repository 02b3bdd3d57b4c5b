import type { MemberSessions } from '@coach/contracts';
import { bookingLink } from '@coach/site-rules';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../shared/api/auth.ts';
import { getQueryFn } from '../../shared/api/client.ts';
import { site } from '../../shared/config/site.ts';

/** A signed-in member's sessions: her counts, next session and the reference her booking links carry. */
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
