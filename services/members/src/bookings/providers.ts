import { z } from 'zod';

/**
 * What one delivery says about one session, whichever service sent it:
 * - `booked`: booked, or moved here from `previousId` (a reschedule: the same session);
 * - `moved`: the booking `id` was replaced by `nextId` (the old half of a reschedule);
 * - `canceled`, `no_show`, `attended`.
 * Ids are prefixed with their provider, so two services' ids never meet.
 */
export interface BookingChange {
  kind: 'booked' | 'moved' | 'canceled' | 'no_show' | 'attended';
  provider: 'calendly' | 'cal';
  id: string;
  previousId?: string;
  nextId?: string;
  /** When the provider says this happened: of two accounts of a session, the later one's details win. */
  occurredAt: Date;
  details: {
    email?: string;
    name?: string;
    /** The member reference the booking link carried, if any. */
    memberRef?: string;
    eventName?: string;
    startTime?: Date;
    endTime?: Date;
    timeZone?: string;
    joinUrl?: string;
  };
}

const text = z.string().trim().min(1).max(500);
const optionalText = text.nullish().transform((v) => v ?? undefined);
const time = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

// Calendly: { event, created_at, payload: the invitee } (unknown fields are ignored).
const calendlyDelivery = z.object({
  event: z.string(),
  created_at: time,
  payload: z.object({
    uri: text,
    /** invitee_no_show.created: the no-show's invitee. */
    invitee: optionalText,
    email: optionalText,
    name: optionalText,
    timezone: optionalText,
    rescheduled: z.boolean().nullish(),
    old_invitee: optionalText,
    new_invitee: optionalText,
    scheduled_event: z
      .object({
        name: optionalText,
        start_time: time.nullish(),
        end_time: time.nullish(),
        location: z.object({ join_url: optionalText }).nullish(),
      })
      .nullish(),
    tracking: z.object({ utm_content: optionalText, salesforce_uuid: optionalText }).nullish(),
  }),
});
export const CALENDLY_EVENTS = ['invitee.created', 'invitee.canceled', 'invitee_no_show.created'] as const;

/** A Calendly delivery as a change; null for an event the site does not follow. Throws a ZodError on a malformed one. */
export function calendlyChange(body: unknown): BookingChange | null {
  const { event, created_at, payload } = calendlyDelivery.parse(body);
  if (!(CALENDLY_EVENTS as readonly string[]).includes(event)) return null;
  const id = `calendly:${payload.invitee ?? payload.uri}`;
  const session = payload.scheduled_event;
  const change: BookingChange = {
    kind: 'booked',
    provider: 'calendly',
    id,
    occurredAt: created_at,
    details: {
      email: payload.email?.toLowerCase(),
      name: payload.name,
      memberRef: payload.tracking?.utm_content ?? payload.tracking?.salesforce_uuid,
      eventName: session?.name,
      startTime: session?.start_time ?? undefined,
      endTime: session?.end_time ?? undefined,
      timeZone: payload.timezone,
      joinUrl: session?.location?.join_url,
    },
  };
  if (event === 'invitee_no_show.created') return { ...change, kind: 'no_show' };
  if (event === 'invitee.canceled') {
    return payload.rescheduled && payload.new_invitee
      ? { ...change, kind: 'moved', nextId: `calendly:${payload.new_invitee}` }
      : { ...change, kind: 'canceled' };
  }
  return payload.old_invitee ? { ...change, previousId: `calendly:${payload.old_invitee}` } : change;
}

// Cal.com: { triggerEvent, createdAt, payload: the booking } (unknown fields are ignored).
const calDelivery = z.object({
  triggerEvent: z.string(),
  createdAt: time,
  payload: z.object({
    uid: text,
    rescheduleUid: optionalText,
    fromReschedule: optionalText,
    title: optionalText,
    type: optionalText,
    startTime: time.nullish(),
    endTime: time.nullish(),
    attendees: z.array(z.object({ email: optionalText, name: optionalText, timeZone: optionalText })).nullish(),
    metadata: z.object({ memberRef: optionalText, videoCallUrl: optionalText }).nullish(),
    videoCallData: z.object({ url: optionalText }).nullish(),
  }),
});
const CAL_KINDS: Record<string, BookingChange['kind']> = {
  BOOKING_CREATED: 'booked',
  BOOKING_RESCHEDULED: 'booked',
  BOOKING_CANCELLED: 'canceled',
  MEETING_ENDED: 'attended',
};

/** A Cal.com delivery as a change; null for an event the site does not follow. Throws a ZodError on a malformed one. */
export function calChange(body: unknown): BookingChange | null {
  const { triggerEvent, createdAt, payload } = calDelivery.parse(body);
  const kind = CAL_KINDS[triggerEvent];
  if (!kind) return null;
  const attendee = payload.attendees?.[0];
  const previous =
    triggerEvent === 'BOOKING_RESCHEDULED' ? (payload.rescheduleUid ?? payload.fromReschedule) : undefined;
  return {
    kind,
    provider: 'cal',
    id: `cal:${payload.uid}`,
    ...(previous ? { previousId: `cal:${previous}` } : {}),
    occurredAt: createdAt,
    details: {
      email: attendee?.email?.toLowerCase(),
      name: attendee?.name,
      memberRef: payload.metadata?.memberRef,
      eventName: payload.type ?? payload.title,
      startTime: payload.startTime ?? undefined,
      endTime: payload.endTime ?? undefined,
      timeZone: attendee?.timeZone,
      joinUrl: payload.videoCallData?.url ?? payload.metadata?.videoCallUrl,
    },
  };
}
