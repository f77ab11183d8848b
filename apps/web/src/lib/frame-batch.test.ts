import { describe, expect, it, vi } from 'vitest';
import { createFrameBatch, type FrameScheduler } from './frame-batch';

/** A fake requestAnimationFrame: frames run only when the test paints one. */
function fakeFrames() {
  let next = 1;
  const pending = new Map<number, () => void>();
  const frames: FrameScheduler = {
    request: (callback) => {
      pending.set(next, callback);
      return next++;
    },
    cancel: (handle) => {
      pending.delete(handle);
    },
  };
  return {
    frames,
    requested: () => pending.size,
    paint() {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
    },
  };
}

type Tick = { id: number; time: number; price: string };

function batchOf(frames: FrameScheduler) {
  const flush = vi.fn<(items: Tick[]) => void>();
  const batch = createFrameBatch<Tick>({
    key: (tick) => tick.id,
    keep: (queued, incoming) => (incoming.time >= queued.time ? incoming : queued),
    flush,
    frames,
  });
  return { batch, flush };
}

describe('createFrameBatch', () => {
  it('hands the pushes between two frames over once, at the frame', () => {
    const clock = fakeFrames();
    const { batch, flush } = batchOf(clock.frames);
    batch.push([{ id: 1, time: 1, price: '1.1' }]);
    batch.push([{ id: 2, time: 1, price: '2.1' }]);
    batch.push([{ id: 3, time: 1, price: '3.1' }]);
    expect(flush).not.toHaveBeenCalled();
    expect(clock.requested()).toBe(1);

    clock.paint();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush.mock.calls[0]?.[0].map((tick) => tick.id)).toEqual([1, 2, 3]);

    clock.paint();
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('keeps one item per key: the newest by time, whatever order they came in', () => {
    const clock = fakeFrames();
    const { batch, flush } = batchOf(clock.frames);
    batch.push([{ id: 1, time: 1, price: '1.1' }]);
    batch.push([{ id: 1, time: 3, price: '1.3' }]);
    batch.push([{ id: 1, time: 2, price: '1.2' }]);
    clock.paint();
    expect(flush).toHaveBeenCalledWith([{ id: 1, time: 3, price: '1.3' }]);
  });

  it('holds one item per key, not a backlog, while no frame comes (a hidden tab)', () => {
    const clock = fakeFrames();
    const { batch, flush } = batchOf(clock.frames);
    for (let time = 1; time <= 1000; time++) batch.push([{ id: time % 3, time, price: String(time) }]);
    expect(clock.requested()).toBe(1);
    clock.paint();
    expect(flush.mock.calls[0]?.[0]).toHaveLength(3);
  });

  it('asks for a new frame after each flush, and none for nothing', () => {
    const clock = fakeFrames();
    const { batch, flush } = batchOf(clock.frames);
    batch.push([]);
    expect(clock.requested()).toBe(0);
    batch.push([{ id: 1, time: 1, price: '1' }]);
    clock.paint();
    batch.push([{ id: 1, time: 2, price: '2' }]);
    expect(clock.requested()).toBe(1);
    clock.paint();
    expect(flush.mock.calls.map((call) => call[0][0]?.price)).toEqual(['1', '2']);
  });

  it('flushes at once on demand, and drops what is queued on cancel', () => {
    const clock = fakeFrames();
    const { batch, flush } = batchOf(clock.frames);
    batch.push([{ id: 1, time: 1, price: '1' }]);
    batch.flush();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(clock.requested()).toBe(0);
    batch.push([{ id: 1, time: 2, price: '2' }]);
    batch.cancel();
    clock.paint();
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('uses requestAnimationFrame by default', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const flush = vi.fn();
      const batch = createFrameBatch<Tick>({ key: (tick) => tick.id, flush });
      batch.push([{ id: 1, time: 1, price: '1' }]);
      expect(flush).not.toHaveBeenCalled();
      vi.advanceTimersToNextFrame();
      expect(flush).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
