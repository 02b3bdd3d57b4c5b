import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime, formatLongDate } from './dates.ts';

describe('dates', () => {
  it('formats post and member dates in US long format, else Unknown date / Invalid date', () => {
    // Local noon, so the date is the same in every zone the tests may run in.
    expect(formatLongDate(new Date(2025, 2, 5, 12).toISOString())).toBe('March 5, 2025');
    expect(formatLongDate(new Date(2025, 11, 24, 12).toISOString())).toBe('December 24, 2025');
    // Every month's name, as Intl's US English long format gives it.
    for (let month = 0; month < 12; month++) {
      const date = new Date(2025, month, 9, 12);
      const intl = date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
      expect(formatLongDate(date.toISOString())).toBe(intl);
    }
    expect(formatLongDate(undefined)).toBe('Unknown date');
    expect(formatLongDate(null)).toBe('Unknown date');
    expect(formatLongDate('')).toBe('Unknown date');
    expect(formatLongDate('not a date')).toBe('Invalid date');
  });

  it("gives the UTC date on request: what prerendered HTML shows whatever the reader's zone", () => {
    expect(formatLongDate('2025-03-05T23:30:00.000Z', 'utc')).toBe('March 5, 2025');
    expect(formatLongDate('2025-12-31T23:59:59.000Z', 'utc')).toBe('December 31, 2025');
    expect(formatLongDate('not a date', 'utc')).toBe('Invalid date');
  });

  it('formats the last-updated moment and a chat time in the local zone', () => {
    const at = new Date(2025, 2, 5, 15, 7);
    expect(formatDateTime(at)).toBe('Mar 5, 2025, 3:07 PM');
    expect(formatDateTime(at.getTime())).toBe('Mar 5, 2025, 3:07 PM');
    expect(formatClockTime(at)).toBe('3:07 PM');
    expect(formatClockTime(new Date(2025, 2, 5, 9, 30))).toBe('9:30 AM');
  });
});
