import { startTransition, useEffect, useState } from 'react';

/**
 * False until `shown` is true and the browser has then painted and gone idle: for work a screen can
 * draw a moment later (rows below the fold), so the render that first shows the data, the longest
 * task of a page's start on a slow phone, does only what is seen first.
 */
export function useAfterFirstPaint(shown = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !shown) return;
    if (typeof window.requestIdleCallback === 'function') {
      // The timeout keeps the wait short when the page never idles (prices tick several times a second).
      // In a transition: what it adds is rendered in slices, not in one long task.
      const id = window.requestIdleCallback(() => startTransition(() => setReady(true)), { timeout: 500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => startTransition(() => setReady(true)), 1);
    return () => window.clearTimeout(id);
  }, [ready, shown]);
  return ready;
}
