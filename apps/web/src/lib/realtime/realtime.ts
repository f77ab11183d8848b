import { DEFAULT_LANGUAGE } from '@meridian/contract/languages';
import { resolveApiOrigin } from '../api-origin';
import { type RealtimeClient as Client, RealtimeClient, type SocketFactory } from './socket-client';
import { socketUrl } from './socket-url';

type RealtimeRuntime = {
  getLanguage(): string;
  createSocket: SocketFactory;
  /** Nothing connects until the app starts the socket (tests of pages never open one by accident). */
  started: boolean;
};

const pageOrigin = () => globalThis.location?.origin ?? 'http://localhost';

const runtime: RealtimeRuntime = {
  getLanguage: () => DEFAULT_LANGUAGE,
  createSocket: (url) => new WebSocket(url),
  started: false,
};

/** The app's one socket (spec section 4); lib never imports features, so the app wires it in. */
export const realtime: Client = new RealtimeClient({
  url: () =>
    socketUrl(
      resolveApiOrigin(import.meta.env.VITE_API_ORIGIN, pageOrigin()),
      pageOrigin(),
      runtime.getLanguage(),
    ),
  createSocket: (url) => runtime.createSocket(url),
  isHidden: () => globalThis.document?.visibilityState === 'hidden',
});

export function startRealtime(overrides: Partial<Omit<RealtimeRuntime, 'started'>> = {}): void {
  Object.assign(runtime, overrides, { started: true });
  realtime.ensureConnected();
}

/** Spec section 2: the socket is initialised on every navigation; a no-op while it is open. */
export function ensureRealtimeConnected(): void {
  if (runtime.started) realtime.ensureConnected();
}
