import { z } from './zod.ts';

/** The external booking pages whose signed webhooks record the coach's sessions. */
export const BOOKING_PROVIDERS = ['calendly', 'cal'] as const;
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];

/**
 * A session's state: booked (upcoming, or past without word of the meeting), attended (the
 * meeting ended), a no-show, or canceled. Booked and attended sessions count.
 */
export const BOOKING_STATUSES = ['booked', 'attended', 'no_show', 'canceled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const COUNTED_BOOKING_STATUSES: readonly BookingStatus[] = ['booked', 'attended'];

/** A session as the coach's admin lists it: a member's, or a lead's (no account matched). */
export const adminBookingSchema = z.object({
  id: z.string(),
  provider: z.enum(BOOKING_PROVIDERS),
  eventName: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The member it was matched to; null for a lead. */
  userId: z.number().int().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  updatedAt: z.string(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** A member's own sessions, for her profile: how many count, the next one, and her booking links' reference. */
export const memberSessionsSchema = z.object({
  memberRef: z.string(),
  counted: z.number().int(),
  attended: z.number().int(),
  upcoming: z.number().int(),
  next: z
    .object({ startTime: z.string(), eventName: z.string().nullable(), joinUrl: z.string().nullable() })
    .nullable(),
  /**
   * Her paid packages' sessions: those included in every package she bought (and did not have
   * refunded), and those used (sessions that count, booked since the first package); null without one.
   */
  package: z.object({ programs: z.array(z.string()), included: z.number().int(), used: z.number().int() }).nullable(),
});
export type MemberSessions = z.infer<typeof memberSessionsSchema>;
