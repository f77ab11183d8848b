/** Nanosecond samples summarised in microseconds. */
export type Summary = { count: number; p50: number; p99: number; max: number; mean: number };

export function summarise(samplesNs: Float64Array): Summary {
  const sorted = Float64Array.from(samplesNs).sort();
  const at = (fraction: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0) / 1000;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: (sorted[sorted.length - 1] ?? 0) / 1000,
    mean: total / Math.max(1, sorted.length) / 1000,
  };
}

export function micros(value: number): string {
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

export function thousands(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
