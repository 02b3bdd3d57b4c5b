const SESSION_TIME_STYLES = {
  /** "Saturday, 14 March 2026 at 10:00 GMT+5:30": an e-mail's. */
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** "Saturday 10:00 GMT+5:30": a notification's, read the day before. */
  short: { weekday: 'long', hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A session's start as the member reads it: in the time zone she booked in, else in UTC (named);
 * a zone the runtime does not know reads as UTC too.
 */
export function sessionTimeIn(
  startTime: string,
  timeZone: string | null,
  style: keyof typeof SESSION_TIME_STYLES = 'full',
): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { ...SESSION_TIME_STYLES[style], timeZone: zone, timeZoneName: 'short' }).format(
      new Date(startTime),
    );
  try {
    return format(timeZone ?? 'UTC');
  } catch {
    return format('UTC');
  }
}
