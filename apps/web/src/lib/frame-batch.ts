/** Schedules a callback before the next paint; returns a handle for `cancel`. */
export type FrameScheduler = {
  request(callback: () => void): number;
  cancel(handle: number): void;
};

const browserFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export type FrameBatch<T> = {
  /** Queues items; the batch flushes them once, before the next frame is painted. */
  push(items: Iterable<T>): void;
  /** Flushes what is queued now (a test, or a page about to go). */
  flush(): void;
  /** Drops what is queued and the frame asked for. */
  cancel(): void;
};

type FrameBatchOptions<T> = {
  /** Items of one key replace each other, so a hidden tab (no frames) holds one item per key, not a backlog. */
  key(item: T): string | number;
  /** Which of two items of the same key to keep; by default the later one. */
  keep?(queued: T, incoming: T): T;
  flush(items: T[]): void;
  frames?: FrameScheduler;
};

/**
 * Collects items arriving faster than the screen paints (socket pushes) and hands them over once per
 * animation frame, so several pushes between two frames cost one store update and one render.
 */
export function createFrameBatch<T>({
  key,
  keep = (_queued, incoming) => incoming,
  flush,
  frames = browserFrames,
}: FrameBatchOptions<T>): FrameBatch<T> {
  let queued = new Map<string | number, T>();
  let frame: number | null = null;

  const run = () => {
    frame = null;
    if (queued.size === 0) return;
    const items = [...queued.values()];
    queued = new Map();
    flush(items);
  };

  return {
    push(items) {
      for (const item of items) {
        const id = key(item);
        const previous = queued.get(id);
        queued.set(id, previous === undefined ? item : keep(previous, item));
      }
      if (frame === null && queued.size > 0) frame = frames.request(run);
    },
    flush() {
      if (frame !== null) frames.cancel(frame);
      run();
    },
    cancel() {
      if (frame !== null) frames.cancel(frame);
      frame = null;
      queued = new Map();
    },
  };
}
