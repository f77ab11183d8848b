import { describe, expect, it } from 'vitest';
import { createTestClock } from '../test/app';
import { TimedCache } from './timed-cache';

describe('TimedCache', () => {
  const key = {};

  it('reads once within the time to live and again after it, on the clock it is given', async () => {
    const clock = createTestClock();
    const cache = new TimedCache<object, number>(1000);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get(key, clock, load)).toBe(1);
    clock.advance(999);
    expect(await cache.get(key, clock, load)).toBe(1);
    clock.advance(1);
    expect(await cache.get(key, clock, load)).toBe(2);
  });

  it('shares one read between callers at the same moment', async () => {
    const clock = createTestClock();
    const cache = new TimedCache<object, number>(1000);
    let reads = 0;
    const load = async () => ++reads;
    const [first, second] = await Promise.all([cache.get(key, clock, load), cache.get(key, clock, load)]);
    expect([first, second, reads]).toEqual([1, 1, 1]);
  });

  it('keeps apart the values of different keys, and forgets one on request', async () => {
    const clock = createTestClock();
    const cache = new TimedCache<object, string>(1000);
    const other = {};
    expect(await cache.get(key, clock, async () => 'a')).toBe('a');
    expect(await cache.get(other, clock, async () => 'b')).toBe('b');
    cache.forget(key);
    expect(await cache.get(key, clock, async () => 'c')).toBe('c');
    expect(await cache.get(other, clock, async () => 'd')).toBe('b');
  });

  it('does not keep a failed read', async () => {
    const clock = createTestClock();
    const cache = new TimedCache<object, string>(1000);
    await expect(cache.get(key, clock, async () => Promise.reject(new Error('away')))).rejects.toThrow(
      'away',
    );
    expect(await cache.get(key, clock, async () => 'back')).toBe('back');
  });

  it('reads again when the clock moved back', async () => {
    const clock = createTestClock();
    const cache = new TimedCache<object, string>(1000);
    expect(await cache.get(key, clock, async () => 'before')).toBe('before');
    clock.advance(-1);
    expect(await cache.get(key, clock, async () => 'after')).toBe('after');
  });
});
