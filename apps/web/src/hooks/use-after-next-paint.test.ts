import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterNextPaint } from './use-after-next-paint';

describe('useAfterNextPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the content to be shown, then for a frame and the task after it, and stays true', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    const { result, rerender } = renderHook(({ shown }) => useAfterNextPaint(shown), {
      initialProps: { shown: false },
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
    rerender({ shown: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersToNextFrame());
    // The frame's callback only queues the task: the frame is painted first.
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ shown: false });
    expect(result.current).toBe(true);
  });

  it('does nothing once unmounted before the frame', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    const { result, unmount } = renderHook(() => useAfterNextPaint(true));
    unmount();
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(false);
  });
});
