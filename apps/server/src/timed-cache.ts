import type { Clock } from './clock';

type Entry<Value> = { loadedAtMs: number; value: Promise<Value> };

/**
 * A value read at most once per `ttlMs` per key (a database handle, so that apps on different
 * databases never share one), timed on the app's clock. Callers at the same moment share one read;
 * a failed read is not kept, so the next call tries again; `forget` drops the value at once (after
 * a change made on this node). A clock that moved back counts as expired.
 */
export class TimedCache<Key extends object, Value> {
  private readonly entries = new WeakMap<Key, Entry<Value>>();

  constructor(private readonly ttlMs: number) {}

  get(key: Key, clock: Clock, load: () => Promise<Value>): Promise<Value> {
    const nowMs = clock.now().getTime();
    const cached = this.entries.get(key);
    if (cached && nowMs >= cached.loadedAtMs && nowMs - cached.loadedAtMs < this.ttlMs) return cached.value;
    const entry: Entry<Value> = { loadedAtMs: nowMs, value: load() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  forget(key: Key): void {
    this.entries.delete(key);
  }
}
