import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveStateStore } from '../lib/realtime/live-state';
import { liveState, useLiveState } from '../lib/realtime/use-live-state';
import './live-state-notice.css';

/** Pages showing the notice while stale; the live figures are dimmed while any does. */
let staleNotices = 0;

/**
 * Says, on a page that shows live prices, that they are not live: after a lost connection has
 * lasted the grace (WEB_LIMITS.liveStaleGraceMs), until the socket is open again. The notice floats
 * above the bottom bars (fixed, so nothing moves when it comes or goes) and lets taps through; the
 * region is always there, so a screen reader announces the text when it appears. While it shows,
 * the prices and profits on screen are dimmed (live-state-notice.css), so a frozen figure does
 * not pass for a calm market.
 */
export function LiveStateNotice({ store = liveState }: { store?: LiveStateStore }) {
  const { t } = useTranslation();
  const state = useLiveState(store);
  const stale = state !== 'live';

  useEffect(() => {
    if (!stale) return;
    staleNotices += 1;
    document.documentElement.dataset.prices = 'stale';
    return () => {
      staleNotices -= 1;
      if (staleNotices === 0) delete document.documentElement.dataset.prices;
    };
  }, [stale]);

  return (
    <div className="live-state" role="status" aria-live="polite" data-testid="live-state">
      {stale && (
        <span className="live-state-pill" data-state={state}>
          <span className="live-state-dot" aria-hidden="true" />
          {t(state === 'connecting' ? 'live.connecting' : 'live.reconnecting')}
        </span>
      )}
    </div>
  );
}
