/**
 * Reconnects at once when the page is shown again or the network returns, instead of waiting out a
 * backoff (which the browser may also have stretched while the tab was hidden). `reconnect` is a
 * no-op while the socket is open or opening, and brings a scheduled reconnect forward otherwise.
 * Returns the function that stops listening.
 */
export function reconnectOnReturn(
  reconnect: () => void,
  target: { document: Document; window: Window } = { document, window },
): () => void {
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') reconnect();
  };
  const onOnline = () => reconnect();
  target.document.addEventListener('visibilitychange', onVisibility);
  target.window.addEventListener('online', onOnline);
  return () => {
    target.document.removeEventListener('visibilitychange', onVisibility);
    target.window.removeEventListener('online', onOnline);
  };
}
