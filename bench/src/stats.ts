/** Percentiles of a sample, milliseconds. */
export interface Summary {
  readonly n: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** Nearest-rank percentiles of `values` (null when empty). */
export function summarize(values: readonly number[]): Summary | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    n: sorted.length,
    p50: r(at(50)),
    p95: r(at(95)),
    p99: r(at(99)),
    max: r(sorted[sorted.length - 1] ?? 0),
  };
}

/** Mean of `values`, or 0. */
export const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
