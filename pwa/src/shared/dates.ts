/**
 * The site's date formats, all US English. A formatter is built on first use and then kept:
 * building one (which `toLocaleDateString` does on every call) costs far more than using it,
 * and a page of cards formats many dates while it hydrates.
 */
function formatWith(options: Intl.DateTimeFormatOptions): (date: Date | number) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) => (formatter ??= new Intl.DateTimeFormat('en-US', options)).format(date);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * 'January 4, 2025'; 'Unknown date' without a value and 'Invalid date' for a bad one.
 * In the reader's time zone, or in UTC: what prerendered HTML shows, as a server cannot know the
 * reader's zone (see LongDate).
 */
export function formatLongDate(value: string | null | undefined, zone: 'local' | 'utc' = 'local'): string {
  if (!value) return 'Unknown date';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const [year, month, day] =
    zone === 'utc'
      ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
      : [date.getFullYear(), date.getMonth(), date.getDate()];
  // Spelled out rather than through Intl: the first formatter a page builds loads locale data,
  // a ~50 ms task on a phone in the middle of the blog's hydration.
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** 'November 2026' from '2026-11' (a month of the blog's archive, a UTC month). */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1] ?? ''} ${year}`;
}

/** 'Jan 4, 2025, 3:07 PM': when cached content was last updated. */
export const formatDateTime = formatWith({ dateStyle: 'medium', timeStyle: 'short' });

/** '3:07 PM': a chat message's time. */
export const formatClockTime = formatWith({ hour: 'numeric', minute: '2-digit' });
