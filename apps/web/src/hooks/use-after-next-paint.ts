import { useEffect, useState } from 'react';

/**
 * False until `shown` is true and the browser has then painted a frame: for work that must not
 * delay that frame nor share the network with it (the trade page's chart library after its price,
 * which is the page's largest paint). A frame later, not an idle period later: the work is still
 * wanted at once.
 */
export function useAfterNextPaint(shown = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !shown) return;
    let timer: number | undefined;
    // A task queued from a frame's callback runs once that frame has been painted.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, shown]);
  return ready;
}
