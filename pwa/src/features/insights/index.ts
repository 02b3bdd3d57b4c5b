export { postReadLast, trackEvent, useInsightsBeacon } from './beacon.ts';
