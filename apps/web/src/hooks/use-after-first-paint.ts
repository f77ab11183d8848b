import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';

/**
 * False until `shown` is true and the browser has then painted and gone idle: for work a screen can
 * draw a moment later (rows below the fold), so the render that first shows the data, the longest
 * task of a page's start on a slow phone, does only what is seen first.
 */
export function useAfterFirstPaint(shown = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !shown) return undefined;
    // In a transition: what it adds is rendered in slices, not in one long task.
    return whenIdle(() => startTransition(() => setReady(true)), 500);
  }, [ready, shown]);
  return ready;
}
