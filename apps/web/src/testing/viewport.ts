import { vi } from 'vitest';

/**
 * A window of the given width for the `min-width` media queries the app asks (jsdom has no
 * matchMedia): answers them, and tells their listeners when `resize` changes the width. Undo with
 * vi.unstubAllGlobals().
 */
export function stubViewportWidth(initialWidthPx: number) {
  let width = initialWidthPx;
  const listeners = new Set<() => void>();
  const queries: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    queries.push(query);
    const minimum = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.NaN);
    return {
      get matches() {
        return width >= minimum;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  });
  return {
    queries,
    listeners,
    resize(nextWidthPx: number) {
      width = nextWidthPx;
      for (const listener of [...listeners]) listener();
    },
  };
}
