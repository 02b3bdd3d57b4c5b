import { formatLongDate } from '../dates.ts';
import { useHydrated } from '../hooks/useHydrated.ts';

/**
 * A date in the reader's time zone, on a page that may be prerendered. The HTML has it in UTC and
 * hydration must match the HTML (a post written at 23:30 UTC is already the next day in India),
 * so the browser shows the local date once hydrated; only this text renders again.
 */
export function LongDate({ value }: { value: string | null | undefined }) {
  return <>{formatLongDate(value, useHydrated() ? 'local' : 'utc')}</>;
}
