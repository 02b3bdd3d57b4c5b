import type { Logger, PublishEvent } from '@coach/kit';
import mongoose from 'mongoose';
import { BookingModel } from './model.ts';

const { trusted } = mongoose;
/** A session is reminded of once it starts within this: the day before. */
export const REMINDER_AHEAD_MS = 24 * 3600_000;
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Publishes a reminder for each member's booked session that starts within a day and has not been
 * reminded of at its current start time. The event id names the session and its start, so
 * replicas sweeping at once (or a sweep run again before the mark is written) queue one e-mail.
 * Returns how many were published.
 */
export async function publishDueReminders(publish: PublishEvent, now = new Date()): Promise<number> {
  const due = await BookingModel.find({
    status: 'booked',
    userId: trusted({ $exists: true }),
    email: trusted({ $exists: true }),
    startTime: trusted({ $gt: now, $lte: new Date(now.getTime() + REMINDER_AHEAD_MS) }),
    $expr: trusted({ $ne: ['$remindedFor', '$startTime'] }),
  })
    .limit(500)
    .lean();
  for (const row of due) {
    const startTime = row.startTime!;
    await publish(
      'booking.reminder_due',
      {
        bookingId: row._id.toString(),
        userId: row.userId!,
        email: row.email!,
        startTime: startTime.toISOString(),
        timeZone: row.timeZone ?? null,
        eventName: row.eventName ?? null,
        joinUrl: row.joinUrl ?? null,
      },
      `booking-reminder.${row._id.toString()}.${startTime.getTime()}`,
    );
    await BookingModel.updateOne({ _id: row._id, startTime }, { $set: { remindedFor: startTime } });
  }
  return due.length;
}

/** Sweeps for due reminders every few minutes; returns the function that stops it. */
export function startReminderSweep(publish: PublishEvent, logger: Logger): () => void {
  const timer = setInterval(() => {
    publishDueReminders(publish).catch((err: unknown) =>
      logger.warn({ err }, 'booking reminders wait for the next sweep'),
    );
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
