import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { SubscriberModel } from './model.ts';

/** The export's file name on the day it is made (UTC): subscribers-YYYY-MM-DD.csv. */
export const exportFileName = (now = new Date()) => `subscribers-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Streams every subscriber (oldest first, read through a cursor, never all at once) as CSV:
 * email, state, subscribedAt. Fields are quoted when they need it, lines end in CRLF, and a cell
 * starting with = + - @ (or a tab or carriage return) is prefixed with ' so a spreadsheet never
 * runs it as a formula.
 */
export async function sendSubscribersCsv(res: Response): Promise<void> {
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${exportFileName()}"`,
    'Cache-Control': 'no-store',
  });
  const rows = SubscriberModel.find({}, { email: 1, state: 1, subscribedAt: 1 })
    .sort({ _id: 1 })
    .lean()
    .cursor()
    .map((s) => ({ email: s.email, state: s.state, subscribedAt: s.subscribedAt?.toISOString() ?? '' }));
  await pipeline(
    Readable.from(rows),
    stringify({
      header: true,
      columns: ['email', 'state', 'subscribedAt'],
      record_delimiter: 'windows',
      escape_formulas: true,
    }),
    res,
  );
}
