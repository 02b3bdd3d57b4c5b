import { createHmac, randomUUID } from 'node:crypto';
import {
  QUEUES,
  type AdminBooking,
  type EventJob,
  type MemberSessions,
  type Milestone,
  type Progress,
} from '@coach/contracts';
import { createEventPublisher } from '@coach/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCoach, signedInMember, startMembers, type Caller, type Members } from '../testing/harness.ts';
import { PurchaseModel } from '../checkout/models/purchase.ts';
import { publishDueReminders } from './reminders.ts';

// Deliveries built and signed exactly as Calendly and Cal.com send them, to the members service
// on a real mongod and redis-server; what a member and the coach then see.

const CALENDLY_KEY = 'calendly-signing-key-for-tests';
const CAL_SECRET = 'cal-webhook-secret-for-tests';
let members: Members;
let admin: Caller;

beforeAll(async () => {
  members = await startMembers({ bookingKeys: { calendlySigningKey: CALENDLY_KEY, calSecret: CAL_SECRET } });
  admin = await signedInCoach(members.url);
}, 90_000);
afterAll(() => members?.stop());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A Calendly invitee payload: one invitee of one scheduled event. */
function invitee(fields: {
  uri: string;
  email: string;
  name?: string;
  start?: string;
  memberRef?: string;
  rescheduled?: boolean;
  oldInvitee?: string;
  newInvitee?: string;
}) {
  const start = fields.start ?? inDays(3);
  return {
    uri: fields.uri,
    email: fields.email,
    name: fields.name ?? 'Asha Rao',
    status: 'active',
    timezone: 'Asia/Kolkata',
    rescheduled: fields.rescheduled ?? false,
    old_invitee: fields.oldInvitee ?? null,
    new_invitee: fields.newInvitee ?? null,
    cancel_url: 'https://calendly.com/cancellations/x',
    reschedule_url: 'https://calendly.com/reschedulings/x',
    questions_and_answers: [],
    scheduled_event: {
      uri: `https://api.calendly.com/scheduled_events/${randomUUID()}`,
      name: 'Soul Spark Session',
      start_time: start,
      end_time: new Date(Date.parse(start) + 90 * 60_000).toISOString(),
      location: { type: 'google_conference', join_url: 'https://meet.google.com/abc-defg-hij' },
    },
    tracking: {
      utm_campaign: null,
      utm_source: 'site',
      utm_medium: null,
      utm_content: fields.memberRef ?? null,
      utm_term: null,
      salesforce_uuid: null,
    },
  };
}
const inviteeUri = () => `https://api.calendly.com/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`;

/** Posts a Calendly delivery signed as Calendly signs it: `t=<seconds>,v1=<hex HMAC of "t." + body>`. */
function calendly(
  event: string,
  payload: object,
  options: { at?: number; key?: string; tamper?: boolean; createdAt?: string } = {},
) {
  const body = JSON.stringify({
    event,
    created_at: options.createdAt ?? new Date().toISOString(),
    created_by: 'https://api.calendly.com/users/x',
    payload,
  });
  const t = options.at ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', options.key ?? CALENDLY_KEY)
    .update(`${t}.${body}`)
    .digest('hex');
  return fetch(`${members.url}/api/bookings/calendly/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${t},v1=${v1}` },
    body: options.tamper ? body.replace('Asha', 'Evil') : body,
  });
}

/** Posts a Cal.com delivery signed as Cal.com signs it: the hex HMAC of the body in X-Cal-Signature-256. */
function cal(triggerEvent: string, payload: object, options: { secret?: string; signature?: string | null } = {}) {
  const body = JSON.stringify({ triggerEvent, createdAt: new Date().toISOString(), payload });
  const signature = createHmac('sha256', options.secret ?? CAL_SECRET)
    .update(body)
    .digest('hex');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.signature !== null) headers['x-cal-signature-256'] = options.signature ?? signature;
  return fetch(`${members.url}/api/bookings/cal/webhook`, { method: 'POST', headers, body });
}
function calBooking(fields: {
  uid: string;
  email: string;
  start?: string;
  rescheduleUid?: string;
  memberRef?: string;
}) {
  const start = fields.start ?? inDays(5);
  return {
    uid: fields.uid,
    title: 'Soul Spark Session between Meera Anand and Asha Rao',
    type: 'soul-spark',
    startTime: start,
    endTime: new Date(Date.parse(start) + 90 * 60_000).toISOString(),
    organizer: { email: 'coach@example.com', name: 'Meera Anand', timeZone: 'Asia/Kolkata' },
    attendees: [{ email: fields.email, name: 'Asha Rao', timeZone: 'Europe/Berlin', language: { locale: 'en' } }],
    ...(fields.rescheduleUid ? { rescheduleUid: fields.rescheduleUid } : {}),
    metadata: fields.memberRef ? { memberRef: fields.memberRef } : {},
    responses: { email: { value: fields.email }, name: { value: 'Asha Rao' } },
    videoCallData: { type: 'daily_video', url: 'https://app.cal.com/video/abc' },
    status: 'ACCEPTED',
  };
}

/** What the member's profile shows: the Coaching Sessions card, session milestones, her next session. */
async function seen(member: Caller) {
  const progress = (await member.get('/api/profile/progress')).body as Progress;
  const journey = (await member.get('/api/profile/journey')).body as Milestone[];
  const mine = (await member.get('/api/bookings/mine')).body as {
    next: { startTime: string } | null;
    memberRef: string;
  };
  return {
    sessions: progress.totalCoachingSessions,
    milestones: journey.filter((m) => m.milestoneType === 'coaching_session').length,
    next: mine.next?.startTime ?? null,
  };
}
const adminBookings = async () => (await admin.get('/api/admin/bookings')).body as AdminBooking[];

describe('Calendly bookings', () => {
  it('counts a booking matched by the account’s e-mail, keeps a reschedule as one session, and drops a canceled one', async () => {
    const { member, details } = await signedInMember(members.url, 'calendly');
    expect(await seen(member)).toEqual({ sessions: 0, milestones: 0, next: null });

    const first = inviteeUri();
    const start = inDays(2);
    expect(
      (await calendly('invitee.created', invitee({ uri: first, email: details.email.toUpperCase(), start }))).status,
    ).toBe(200);
    expect(await seen(member)).toEqual({ sessions: 1, milestones: 1, next: start });
    // Delivered again: nothing changes.
    expect((await calendly('invitee.created', invitee({ uri: first, email: details.email, start }))).status).toBe(200);
    expect(await seen(member)).toEqual({ sessions: 1, milestones: 1, next: start });

    // A reschedule: the old invitee canceled with rescheduled: true, a new one created with old_invitee.
    const second = inviteeUri();
    const later = inDays(4);
    await calendly(
      'invitee.canceled',
      invitee({ uri: first, email: details.email, start, rescheduled: true, newInvitee: second }),
    );
    await calendly('invitee.created', invitee({ uri: second, email: details.email, start: later, oldInvitee: first }));
    expect(await seen(member)).toEqual({ sessions: 1, milestones: 1, next: later });

    await calendly('invitee.canceled', invitee({ uri: second, email: details.email, start: later }));
    expect(await seen(member)).toEqual({ sessions: 0, milestones: 0, next: null });
  });

  it('counts the sessions of a paid package: "3 of 8 sessions used", a canceled one given back', async () => {
    const { member, details, id } = await signedInMember(members.url, 'package');
    const packageOf = async () => ((await member.get('/api/bookings/mine')).body as MemberSessions).package;
    expect(await packageOf()).toBeNull();
    // The Inner Peace Method (8 sessions), as the coach records a sale paid outside the site.
    await PurchaseModel.create({
      userId: id,
      programId: 'inner-peace-method',
      productName: 'Inner Peace Method',
      productType: 'program',
      amount: 3_500_000,
      status: 'completed',
      completedAt: new Date(Date.now() - 60_000),
    });
    expect(await packageOf()).toEqual({ programs: ['Inner Peace Method'], included: 8, used: 0 });
    const uris = [inviteeUri(), inviteeUri(), inviteeUri(), inviteeUri()];
    for (const [i, uri] of uris.entries())
      await calendly('invitee.created', invitee({ uri, email: details.email, start: inDays(i + 1) }));
    await calendly('invitee.canceled', invitee({ uri: uris[3]!, email: details.email, start: inDays(4) }));
    expect(await packageOf()).toEqual({ programs: ['Inner Peace Method'], included: 8, used: 3 });
  });

  it('matches by the member reference of her Book Now link, whatever e-mail she books with', async () => {
    const { member } = await signedInMember(members.url, 'byref');
    const { memberRef } = (await member.get('/api/bookings/mine')).body as { memberRef: string };
    await calendly('invitee.created', invitee({ uri: inviteeUri(), email: 'other-inbox@example.org', memberRef }));
    expect((await seen(member)).sessions).toBe(1);
    // A made-up reference matches no one: that booking is a lead.
    const forged = `${memberRef.split('-')[0]}-${'A'.repeat(22)}`;
    await calendly('invitee.created', invitee({ uri: inviteeUri(), email: 'forger@example.org', memberRef: forged }));
    expect((await seen(member)).sessions).toBe(1);
  });

  it('a cancellation heard before its booking still wins; a no-show does not count', async () => {
    const { member, details } = await signedInMember(members.url, 'order');
    const uri = inviteeUri();
    await calendly('invitee.canceled', invitee({ uri, email: details.email }));
    await calendly('invitee.created', invitee({ uri, email: details.email }));
    expect((await seen(member)).sessions).toBe(0);

    const attendedLate = inviteeUri();
    await calendly('invitee.created', invitee({ uri: attendedLate, email: details.email, start: inDays(-1) }));
    expect((await seen(member)).sessions).toBe(1);
    await calendly('invitee_no_show.created', {
      ...invitee({ uri: attendedLate, email: details.email }),
      no_show: { uri: 'https://api.calendly.com/invitee_no_shows/x', created_at: new Date().toISOString() },
    });
    expect((await seen(member)).sessions).toBe(0);
  });

  it('a reschedule heard before the booking it moved is still one session, at the new time', async () => {
    const { member, details } = await signedInMember(members.url, 'early');
    const [first, second] = [inviteeUri(), inviteeUri()];
    const [start, later] = [inDays(2), inDays(6)];
    const booked = new Date(Date.now() - 60_000).toISOString();
    await calendly('invitee.created', invitee({ uri: second, email: details.email, start: later, oldInvitee: first }));
    await calendly(
      'invitee.canceled',
      invitee({ uri: first, email: details.email, start, rescheduled: true, newInvitee: second }),
    );
    await calendly('invitee.created', invitee({ uri: first, email: details.email, start }), { createdAt: booked });
    expect(await seen(member)).toEqual({ sessions: 1, milestones: 1, next: later });
  });

  it('refuses a wrong, missing, tampered or stale signature with 400 and changes nothing', async () => {
    const { member, details } = await signedInMember(members.url, 'forged');
    const payload = invitee({ uri: inviteeUri(), email: details.email });
    expect((await calendly('invitee.created', payload, { key: 'not-the-key-at-all' })).status).toBe(400);
    expect((await calendly('invitee.created', payload, { tamper: true })).status).toBe(400);
    expect((await calendly('invitee.created', payload, { at: Math.floor(Date.now() / 1000) - 6 * 60 })).status).toBe(
      400,
    );
    const unsigned = await fetch(`${members.url}/api/bookings/calendly/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'invitee.created', created_at: new Date().toISOString(), payload }),
    });
    expect(unsigned.status).toBe(400);
    expect((await seen(member)).sessions).toBe(0);
  });

  it('keeps a booking for an unknown e-mail as a lead the coach sees, attached to no one', async () => {
    const email = `visitor-${randomUUID().slice(0, 8)}@example.org`;
    await calendly('invitee.created', invitee({ uri: inviteeUri(), email, name: 'New Visitor' }));
    const lead = (await adminBookings()).find((b) => b.email === email);
    expect(lead).toMatchObject({ userId: null, name: 'New Visitor', status: 'booked', provider: 'calendly' });
  });
});

describe('Cal.com bookings', () => {
  it('created, rescheduled (one session), ended (attended) and cancelled, each counted as the member sees it', async () => {
    const { member, details, id } = await signedInMember(members.url, 'calcom');
    const uid = randomUUID();
    expect((await cal('BOOKING_CREATED', calBooking({ uid, email: details.email }))).status).toBe(200);
    expect((await seen(member)).sessions).toBe(1);
    const movedTo = randomUUID();
    const later = inDays(9);
    await cal(
      'BOOKING_RESCHEDULED',
      calBooking({ uid: movedTo, email: details.email, rescheduleUid: uid, start: later }),
    );
    await cal(
      'BOOKING_RESCHEDULED',
      calBooking({ uid: movedTo, email: details.email, rescheduleUid: uid, start: later }),
    );
    expect(await seen(member)).toEqual({ sessions: 1, milestones: 1, next: later });
    await cal('MEETING_ENDED', calBooking({ uid: movedTo, email: details.email, start: later }));
    expect(await seen(member)).toMatchObject({ sessions: 1, next: null });
    expect((await adminBookings()).filter((b) => b.userId === id)).toEqual([
      expect.objectContaining({ status: 'attended', provider: 'cal', startTime: later }),
    ]);

    const other = randomUUID();
    await cal('BOOKING_CANCELLED', calBooking({ uid: other, email: details.email }));
    await cal('BOOKING_CREATED', calBooking({ uid: other, email: details.email }));
    expect((await seen(member)).sessions).toBe(1);
  });

  it('refuses a wrong or missing X-Cal-Signature-256 with 401 and changes nothing', async () => {
    const { member, details } = await signedInMember(members.url, 'calforged');
    const booking = calBooking({ uid: randomUUID(), email: details.email });
    expect((await cal('BOOKING_CREATED', booking, { secret: 'a-different-secret-value' })).status).toBe(401);
    expect((await cal('BOOKING_CREATED', booking, { signature: null })).status).toBe(401);
    expect((await cal('BOOKING_CREATED', booking, { signature: 'zz' })).status).toBe(401);
    expect((await seen(member)).sessions).toBe(0);
  });
});

describe('both providers’ deliveries', () => {
  it('take only the exact hex signature, and no body over 64 kB however it is signed', async () => {
    const { member, details } = await signedInMember(members.url, 'exacthex');
    const booking = calBooking({ uid: randomUUID(), email: details.email });
    const body = JSON.stringify({
      triggerEvent: 'BOOKING_CREATED',
      createdAt: new Date().toISOString(),
      payload: booking,
    });
    const signature = createHmac('sha256', CAL_SECRET).update(body).digest('hex');
    for (const near of [`${signature}0`, signature.toUpperCase()])
      expect((await cal('BOOKING_CREATED', booking, { signature: near })).status, near).toBe(401);

    const t = Math.floor(Date.now() / 1000);
    const calendlyBody = JSON.stringify({
      event: 'invitee.created',
      created_at: new Date().toISOString(),
      payload: invitee({ uri: inviteeUri(), email: details.email }),
    });
    const v1 = createHmac('sha256', CALENDLY_KEY).update(`${t}.${calendlyBody}`).digest('hex');
    const toCalendly = (sent: string, hex: string) =>
      fetch(`${members.url}/api/bookings/calendly/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${t},v1=${hex}` },
        body: sent,
      });
    for (const near of [`${v1}0`, v1.toUpperCase()]) expect((await toCalendly(calendlyBody, near)).status).toBe(400);

    const large = calendlyBody.replace(/}$/, `,"padding":"${'x'.repeat(70 * 1024)}"}`);
    const largeV1 = createHmac('sha256', CALENDLY_KEY).update(`${t}.${large}`).digest('hex');
    expect((await toCalendly(large, largeV1)).status).toBe(413);
    expect((await seen(member)).sessions).toBe(0);
    expect((await toCalendly(calendlyBody, v1)).status).toBe(200);
    expect((await seen(member)).sessions).toBe(1);
  });
});

describe('the reminder', () => {
  it('is queued once, the day before a member’s booked session, with its time zone and link; again only if it moves', async () => {
    const { details } = await signedInMember(members.url, 'remind');
    const publish = createEventPublisher(members.queues);
    const emails = members.queues.get(QUEUES.emails);
    const remindersOf = async (email: string) =>
      ((await emails.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])) as { data: EventJob }[])
        .map((job) => job.data)
        .filter((job) => job.name === 'booking.reminder_due' && (job.payload as { email: string }).email === email);

    const uri = inviteeUri();
    const tomorrow = new Date(Date.now() + 20 * 3600_000).toISOString();
    await calendly('invitee.created', invitee({ uri, email: details.email, start: tomorrow }));
    // A lead's booking, and a member's session further away, are not reminded of (yet).
    await calendly(
      'invitee.created',
      invitee({ uri: inviteeUri(), email: 'lead-remind@example.org', start: tomorrow }),
    );
    await calendly('invitee.created', invitee({ uri: inviteeUri(), email: details.email, start: inDays(3) }));

    await publishDueReminders(publish);
    await publishDueReminders(publish);
    const [reminder, ...others] = await remindersOf(details.email);
    expect(others).toEqual([]);
    expect(reminder!.payload).toMatchObject({
      startTime: tomorrow,
      timeZone: 'Asia/Kolkata',
      joinUrl: 'https://meet.google.com/abc-defg-hij',
      eventName: 'Soul Spark Session',
    });
    expect(await remindersOf('lead-remind@example.org')).toEqual([]);

    // Rescheduled to later the same day: reminded of the new time.
    const moved = inviteeUri();
    const later = new Date(Date.now() + 22 * 3600_000).toISOString();
    await calendly('invitee.created', invitee({ uri: moved, email: details.email, start: later, oldInvitee: uri }));
    await publishDueReminders(publish);
    expect(
      (await remindersOf(details.email)).map((r) => (r.payload as { startTime: string }).startTime).sort(),
    ).toEqual([tomorrow, later]);
  });
});
