/** Latency histogram in 0.05 ms buckets up to 30 s: fixed memory however many samples. */
const BUCKET_MS = 0.05;
const BUCKETS = Math.ceil(30_000 / BUCKET_MS);

export class Histogram {
  private readonly counts = new Uint32Array(BUCKETS + 1);
  count = 0;
  maxMs = 0;

  record(ms: number): void {
    const bucket = Math.min(BUCKETS, Math.max(0, Math.floor(ms / BUCKET_MS)));
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.count += 1;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  /** The upper edge of the bucket holding the q-quantile (0 < q <= 1). */
  quantile(q: number): number {
    const rank = Math.ceil(this.count * q);
    let seen = 0;
    for (let bucket = 0; bucket <= BUCKETS; bucket += 1) {
      seen += this.counts[bucket] ?? 0;
      if (seen >= rank) return (bucket + 1) * BUCKET_MS;
    }
    return this.maxMs;
  }
}
