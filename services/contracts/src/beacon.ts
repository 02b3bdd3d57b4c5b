// The beacon's address and limits, free of zod: the app's first chunk sends beacons.

/** Where the browser sends its beacons. */
export const BEACON_PATH = '/api/insights/beacon';
/** The largest beacon body the site reads; a larger one is refused whole. */
export const BEACON_MAX_BYTES = 4096;
/** Events in one beacon at most. */
export const BEACON_MAX_EVENTS = 20;
/**
 * Where the gateway hands content the beacons it took, in batches (never routed from outside:
 * not under /api).
 */
export const BEACON_BATCH_PATH = '/internal/insights/beacons';
