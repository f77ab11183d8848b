import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for an idle period with a time-out, and can be cancelled', () => {
    const idle = vi.fn((_run: () => void, _options: { timeout: number }) => 7);
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const work = vi.fn();
    const stop = whenIdle(work, 500);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 500 });
    expect(work).not.toHaveBeenCalled();
    idle.mock.calls[0]?.[0]();
    expect(work).toHaveBeenCalledTimes(1);
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('uses a timer where the browser has no idle callbacks', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    const stopped = vi.fn();
    whenIdle(stopped)();
    vi.advanceTimersByTime(10);
    expect(stopped).not.toHaveBeenCalled();
  });
});
