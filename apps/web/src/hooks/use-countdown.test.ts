import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('counts 60 seconds down to zero and stops', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.running).toBe(false);
    act(() => result.current.start(60));
    expect(result.current.secondsLeft).toBe(60);
    expect(result.current.running).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.secondsLeft).toBe(1);
    expect(result.current.running).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.running).toBe(false);
  });

  it('follows the clock, not the number of ticks, after a sleeping tab wakes', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // A background tab may run timers late; moving the clock without ticks stands for that.
    act(() => {
      vi.setSystemTime(Date.now() + 45_000);
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.secondsLeft).toBe(14);
  });
});
