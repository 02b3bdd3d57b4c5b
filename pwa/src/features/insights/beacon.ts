import { BEACON_MAX_EVENTS, BEACON_PATH, type BeaconEvent, type BrowserEvent } from '@coach/contracts';
import { postSlugOfPath } from '@coach/site-rules';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { site } from '../../shared/config/site.ts';

/** Events wait this long for others, then go together in one beacon. */
const FLUSH_AFTER_MS = 2000;
/** Kept for the tab only (sessionStorage: gone when it closes): the post read last, for the events after it. */
const LAST_POST_KEY = 'coach.insights.post';
/** ...and that the visit's first page was counted (with where the visitor came from). */
const ARRIVED_KEY = 'coach.insights.arrived';

const queued: BeaconEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** The browser asks not to be tracked: Global Privacy Control or Do Not Track. Nothing is sent. */
const optedOut = () =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true ||
  navigator.doNotTrack === '1';

function flush() {
  clearTimeout(timer);
  timer = undefined;
  if (queued.length === 0) return;
  const body = new Blob([JSON.stringify({ events: queued.splice(0, BEACON_MAX_EVENTS) })], {
    type: 'application/json',
  });
  // sendBeacon survives the page closing; where it refuses, a keepalive fetch does the same.
  if (!navigator.sendBeacon?.(BEACON_PATH, body))
    void fetch(BEACON_PATH, { method: 'POST', body, keepalive: true, credentials: 'include' }).catch(() => undefined);
  if (queued.length) flush();
}

function send(event: BeaconEvent) {
  if (optedOut()) return;
  queued.push(event);
  if (queued.length >= BEACON_MAX_EVENTS) flush();
  else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
}

/** The tab's stored value of `key`, after storing `value` when given (nothing where storage is refused). */
function tabValue(key: string, value?: string): string | undefined {
  try {
    const before = sessionStorage.getItem(key) ?? undefined;
    if (value !== undefined) sessionStorage.setItem(key, value);
    return before;
  } catch {
    return undefined;
  }
}

/**
 * The post this tab read last, for a sale to be counted for it (nothing when the browser asks
 * not to be tracked).
 */
export const postReadLast = (): string | undefined => (optedOut() ? undefined : tabValue(LAST_POST_KEY));

/** Counts an event that matters (a booking click, a subscription...) for the post read last. */
export function trackEvent(type: BrowserEvent) {
  const path = location.pathname;
  const post = postSlugOfPath(path) ?? tabValue(LAST_POST_KEY);
  send({ type, path, ...(post ? { post } : {}) });
}

/** The referrer's host and UTM tags count for the first page of a visit only, and only from elsewhere. */
function arrival(): Pick<Extract<BeaconEvent, { type: 'pageview' }>, 'referrer' | 'utm'> {
  const query = new URLSearchParams(location.search);
  const utm = {
    source: query.get('utm_source') ?? undefined,
    medium: query.get('utm_medium') ?? undefined,
    campaign: query.get('utm_campaign') ?? undefined,
  };
  const fromElsewhere = document.referrer && new URL(document.referrer).origin !== location.origin;
  return {
    ...(fromElsewhere ? { referrer: document.referrer } : {}),
    ...(utm.source || utm.medium || utm.campaign ? { utm } : {}),
  };
}

function isBookingOrWhatsApp(href: string): BrowserEvent | undefined {
  const url = new URL(href, location.href);
  if (url.hostname === 'wa.me' || url.hostname === 'api.whatsapp.com') return 'whatsapp_click';
  if (url.origin === new URL(site.bookingUrl).origin) return 'booking_click';
  return undefined;
}

/**
 * Counts each page shown (the first with where the visitor came from) and clicks on the booking
 * and WhatsApp links; sends them in batches, at the latest when the page is hidden.
 */
export function useInsightsBeacon() {
  const { pathname } = useLocation();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      const type = link && isBookingOrWhatsApp(link.getAttribute('href')!);
      if (type) trackEvent(type);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
    };
  }, []);
  useEffect(() => {
    const first = !tabValue(ARRIVED_KEY, '1');
    const post = postSlugOfPath(pathname);
    if (post) tabValue(LAST_POST_KEY, post);
    send({ type: 'pageview', path: pathname, ...(first ? arrival() : {}) });
  }, [pathname]);
}
