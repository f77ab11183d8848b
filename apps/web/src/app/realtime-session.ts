import { useUserStore } from '../features/auth/stores/user-store';
import { useLanguageStore } from '../features/language/stores/language-store';
import { ensureRealtimeConnected, realtime, startRealtime } from '../lib/realtime/realtime';
import { reconnectOnReturn } from '../lib/realtime/reconnect-triggers';

/**
 * Starts the socket with the session and language of the stores (lib never imports features):
 * it logs in with the token, logs out when the token goes and logs in again when it changes
 * (spec section 4). A tab brought back to the front, or a network that returns, reconnects at once
 * instead of waiting out a backoff that the browser may have stretched while the tab was hidden.
 */
export function wireRealtime(): void {
  realtime.setToken(useUserStore.getState().token);
  useUserStore.subscribe((state, previous) => {
    if (state.token !== previous.token) realtime.setToken(state.token);
  });
  startRealtime({ getLanguage: () => useLanguageStore.getState().language });
  reconnectOnReturn(ensureRealtimeConnected);
}
