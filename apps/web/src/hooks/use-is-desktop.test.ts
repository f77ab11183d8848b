import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubViewportWidth } from '../testing/viewport';
import { DESKTOP_QUERY, isDesktopNow, useIsDesktop } from './use-is-desktop';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useIsDesktop', () => {
  it('is the phone layout below 1024 px and the desktop layout from 1024 px', () => {
    const viewport = stubViewportWidth(1023);
    expect(isDesktopNow()).toBe(false);
    viewport.resize(1024);
    expect(isDesktopNow()).toBe(true);
    expect(viewport.queries).toContain(DESKTOP_QUERY);
  });

  it('follows the window across the boundary and stops listening when unmounted', () => {
    const viewport = stubViewportWidth(390);
    const { result, unmount } = renderHook(() => useIsDesktop());
    expect(result.current).toBe(false);
    act(() => viewport.resize(1440));
    expect(result.current).toBe(true);
    act(() => viewport.resize(1000));
    expect(result.current).toBe(false);
    unmount();
    expect(viewport.listeners.size).toBe(0);
  });

  it('is the phone layout where the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useIsDesktop());
    expect(result.current).toBe(false);
  });
});
