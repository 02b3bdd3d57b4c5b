/** The 99th percentile of some durations (nearest rank), in whole milliseconds; 0 for none. */
export function p99(durationsMs: readonly number[]): number {
  if (durationsMs.length === 0) return 0;
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return Math.round(sorted[Math.ceil(sorted.length * 0.99) - 1]!);
}
