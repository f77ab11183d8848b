import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint';

describe('useAfterFirstPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the data to be shown, then for the browser to be free, and stays true', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ shown }) => useAfterFirstPaint(shown), {
      initialProps: { shown: false },
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
    rerender({ shown: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(10));
    expect(result.current).toBe(true);
    rerender({ shown: false });
    expect(result.current).toBe(true);
  });
});
