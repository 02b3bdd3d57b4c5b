import type { EventJob } from '@coach/contracts';
import { DEFAULT_SITE_IDENTITY, sessionTimeIn } from '@coach/site-rules';
import { describe, expect, it } from 'vitest';
import { emailsFor } from './templates.ts';

const settings = {
  coachEmail: 'coach@example.test',
  siteUrl: 'https://coach.example',
  identity: DEFAULT_SITE_IDENTITY,
};
const reminder = (timeZone: string | null, joinUrl: string | null): EventJob<'booking.reminder_due'> => ({
  id: 'reminder-1',
  name: 'booking.reminder_due',
  payload: {
    bookingId: 'b1',
    email: 'asha@example.com',
    startTime: '2026-03-14T04:30:00.000Z',
    timeZone,
    eventName: 'Soul Spark Session',
    joinUrl,
  },
  occurredAt: new Date().toISOString(),
});

describe('the session reminder', () => {
  it('tells the member the time in her own time zone, with the meeting link', () => {
    const [email, ...others] = emailsFor(reminder('Asia/Kolkata', 'https://meet.google.com/abc-defg-hij'), settings);
    expect(others).toEqual([]);
    expect(email).toMatchObject({
      kind: 'booking-reminder',
      to: 'asha@example.com',
      subject: 'Your session is tomorrow',
    });
    expect(email!.text).toContain('Saturday, 14 March 2026 at 10:00 GMT+5:30');
    expect(email!.text).toContain('https://meet.google.com/abc-defg-hij');
    expect(email!.html).toContain('href="https://meet.google.com/abc-defg-hij"');
  });

  it('falls back to UTC, named, without a zone or with one the runtime does not know', () => {
    expect(sessionTimeIn('2026-03-14T04:30:00.000Z', null)).toBe('Saturday, 14 March 2026 at 04:30 UTC');
    expect(sessionTimeIn('2026-03-14T04:30:00.000Z', 'Mars/Olympus')).toBe('Saturday, 14 March 2026 at 04:30 UTC');
    const [email] = emailsFor(reminder('Europe/Berlin', null), settings);
    expect(email!.text).toContain('05:30');
    expect(email!.text).toContain('booking confirmation');
  });
});
