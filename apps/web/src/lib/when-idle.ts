/**
 * Runs `work` once the browser is idle, or after `timeoutMs` at the latest (prices tick several
 * times a second, so a page may never be idle), in a task of its own; returns how to cancel it.
 * Where there is no requestIdleCallback (some browsers, the unit tests' DOM), a timer stands in for it.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(work, 1);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
  return () => window.cancelIdleCallback(id);
}
