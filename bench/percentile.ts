/** The `q`-th percentile of some durations (nearest rank), in whole milliseconds; 0 for none. */
export function percentile(durationsMs: readonly number[], q: number): number {
  if (durationsMs.length === 0) return 0;
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return Math.round(sorted[Math.ceil((sorted.length * q) / 100) - 1]!);
}

/** The 99th percentile of some durations, in whole milliseconds; 0 for none. */
export const p99 = (durationsMs: readonly number[]) => percentile(durationsMs, 99);
