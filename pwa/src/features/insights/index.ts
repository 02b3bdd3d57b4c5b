export { trackEvent, useInsightsBeacon } from './beacon.ts';
