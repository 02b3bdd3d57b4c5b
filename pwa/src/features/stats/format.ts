/** 1000 or more is shown in thousands with one decimal and the suffix k; no data is 0. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '0';
  return value >= 1000 ? `${(value / 1000).toFixed(1)}k` : String(value);
}
