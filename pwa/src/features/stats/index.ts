// The site statistics' query key, which the dashboard and the outbox refresh.
export { HAS_LIKED_KEY, SITE_STATS_KEY } from './useSiteStats.ts';
export { StatsBar } from './StatsBar.tsx';
