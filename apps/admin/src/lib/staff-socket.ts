import type { StaffPushPayloads } from '@meridian/contract/push-payloads';
import { ResponseCode } from '@meridian/contract/response-codes';
import { SOCKET_CLOSE } from '@meridian/contract/socket-close';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { currentLanguage } from './i18n';
import { sessionToken } from './session';

/**
 * The back office's live feed: one socket to /admin/ws per tab, logged in with the staff token and
 * subscribed to the topics the open screens listen on. It pings every 5 s (the server closes a
 * socket silent for 30 s), and when it drops it reconnects with a growing pause (1 s up to 15 s),
 * logging in and subscribing again; within a quarter of a second when its node closes it for a
 * restart (1012), as the load balancer sends the new one to another node. A refused login (999: the session ended) stops it until a
 * screen asks again; the next API call then signs the tab out.
 */
export type SocketStatus = 'connecting' | 'live' | 'offline';

type Handler = (data: unknown) => void;
type ServerMessage = { type?: string; code?: number; topic?: string; data?: unknown };

const PING_MS = 5_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 15_000;
/** After a node's restart close, the reconnect comes at a random moment within this. */
const RESTART_SPREAD_MS = 250;

const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let status: SocketStatus = 'offline';
let loggedIn = false;
let retryMs = RETRY_MIN_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;

function setStatus(next: SocketStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function send(message: Record<string, unknown>): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function url(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/admin/ws?lang=${currentLanguage()}`;
}

function onMessage(event: MessageEvent): void {
  if (typeof event.data !== 'string' || event.data === 'pong') return;
  let message: ServerMessage;
  try {
    message = JSON.parse(event.data) as ServerMessage;
  } catch {
    return;
  }
  if (message.type === 'push' && message.topic) {
    for (const handler of handlers.get(message.topic) ?? []) handler(message.data);
  } else if (message.type === 'login') {
    if (message.code === ResponseCode.success) {
      loggedIn = true;
      retryMs = RETRY_MIN_MS;
      for (const topic of handlers.keys()) send({ type: 'sub', params: { topic } });
      setStatus('live');
    } else if (message.code === ResponseCode.sessionInvalid) {
      // The session is gone: no point reconnecting with it.
      stop();
    }
  }
}

function connect(): void {
  const token = sessionToken();
  if (!token || socket || handlers.size === 0) return;
  setStatus('connecting');
  loggedIn = false;
  const opened = new WebSocket(url());
  socket = opened;
  opened.onopen = () => {
    send({ type: 'login', params: { token } });
    pingTimer = setInterval(() => send({ type: 'ping' }), PING_MS);
  };
  opened.onmessage = onMessage;
  opened.onclose = (event) => {
    if (socket !== opened) return;
    socket = null;
    loggedIn = false;
    clearInterval(pingTimer);
    if (handlers.size === 0) {
      setStatus('offline');
      return;
    }
    setStatus('connecting');
    if (event.code === SOCKET_CLOSE.serviceRestart) {
      retryTimer = setTimeout(connect, Math.round(Math.random() * RESTART_SPREAD_MS));
      return;
    }
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };
}

function stop(): void {
  clearTimeout(retryTimer);
  clearInterval(pingTimer);
  const closing = socket;
  socket = null;
  loggedIn = false;
  closing?.close();
  setStatus('offline');
}

/** Listens on a staff topic while the caller is mounted; answers the unsubscribe. */
function listen(topic: string, handler: Handler): () => void {
  let set = handlers.get(topic);
  if (!set) {
    set = new Set();
    handlers.set(topic, set);
    if (loggedIn) send({ type: 'sub', params: { topic } });
  }
  set.add(handler);
  connect();
  return () => {
    set.delete(handler);
    if (set.size > 0) return;
    handlers.delete(topic);
    if (handlers.size === 0) stop();
    else send({ type: 'unsub', params: { topic } });
  };
}

/**
 * Calls `onPush` with each push on a staff topic, typed by the contract's push map, while mounted (the latest `onPush`, without
 * re-subscribing), and answers the socket's status for the screen to show.
 */
export function useStaffTopic<T extends keyof StaffPushPayloads>(
  topic: T,
  onPush: (data: StaffPushPayloads[T]) => void,
): SocketStatus {
  const latest = useRef(onPush);
  latest.current = onPush;
  // The payload type is the contract's push map's for the topic, as the server publishes it.
  useEffect(() => listen(topic, (data) => latest.current(data as StaffPushPayloads[T])), [topic]);
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}
