import { randomUuid } from '../../../lib/random-id';

/**
 * The Idempotency-Key of order submits: one key per attempt. Sending the same order again after an
 * answer that never came (a time-out, a lost connection) reuses the key, so the server opens it at
 * most once; a changed order, or any answer the server did give, starts a new attempt.
 */
export class AttemptKeys {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = randomUuid) {}

  /** The key for sending these fields: the open attempt's when they are the same, else a new one. */
  keyFor(fingerprint: string): string {
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The server answered (placed or refused): the next send is a new attempt. */
  settle(): void {
    this.current = null;
  }
}

/** The same fields in the same order give the same fingerprint. */
export function fingerprintOf(fields: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((name) => [name, fields[name]]),
  );
}
