import type { ClientMessage } from '@meridian/contract/socket';
import { SOCKET_CLOSE } from '@meridian/contract/socket-close';
import { WEB_LIMITS } from '../limits';
import { reconnectDelayMs } from './backoff';

/** The part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

/** Called with the `data` of each push on a topic. */
export type PushListener = (data: unknown) => void;

/**
 * idle: never started or stopped; connecting: a socket is opening; open: connected;
 * waiting: the connection was lost and a reconnect is scheduled.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting';

export type RealtimeClientDeps = {
  /** Read at every connect, so a new language is used by the next connection. */
  url(): string;
  createSocket: SocketFactory;
  /** For the reconnect jitter; tests pin it. */
  random?: () => number;
  /** Whether the page is hidden: a hidden page's reconnects back off further. Shown when absent. */
  isHidden?: () => boolean;
};

const OPEN = 1;
const BARE_PONG = 'pong';
/** Code of a close we start ourselves (a dead or late connection), "going away" in RFC 6455. */
const CLOSE_GOING_AWAY = 1001;

type ServerFrame = { type?: unknown; topic?: unknown; data?: unknown };

function parseFrame(data: unknown): ServerFrame | 'pong' | null {
  if (typeof data !== 'string') return null;
  if (data === BARE_PONG) return 'pong';
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed !== null && typeof parsed === 'object' ? (parsed as ServerFrame) : null;
  } catch {
    // Spec sections 4 and 8: socket parse errors are ignored.
    return null;
  }
}

/**
 * The realtime socket of spec section 4. It pings every 5 s and reconnects (with growing, jittered
 * delays, at most WEB_LIMITS.socketReconnectDelayVisibleMaxMs apart while the page is shown) after
 * more than 2 unanswered pings, a 5 s connect time-out or a lost connection; at once when a node
 * closes it for a restart (1012). The
 * session (login/logout) and the subscribed topics are state: they are sent again on every open.
 * Any other message sent while the socket is not open waits in a bounded queue and is sent on open.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private status: RealtimeStatus = 'idle';
  /** Failed attempts since the last open; sets the next reconnect delay. */
  private attempt = 0;
  private unansweredPings = 0;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private token: string | null = null;
  private readonly queue: string[] = [];
  private readonly topics = new Map<string, Set<PushListener>>();
  private readonly statusListeners = new Set<() => void>();
  private readonly syncListeners = new Set<() => void>();
  /** A ping sent after the login and subscriptions of an open, whose pong means they are in force. */
  private syncPending = false;
  /** Messages dropped from the full queue, for diagnostics. */
  droppedMessages = 0;

  constructor(private readonly deps: RealtimeClientDeps) {}

  getStatus(): RealtimeStatus {
    return this.status;
  }

  onStatusChange(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Calls the listener each time a signed-in connection's login and subscriptions are in force: the
   * server answers in order, so the pong of a ping sent after them proves it. Pushes sent before
   * then (while the page loaded or the connection was down) are lost, so a listener reads again
   * what those pushes would have changed.
   */
  onSynced(listener: () => void): () => void {
    this.syncListeners.add(listener);
    return () => this.syncListeners.delete(listener);
  }

  /** Opens the socket unless it is open or opening; a scheduled reconnect is brought forward. */
  ensureConnected(): void {
    if (this.status === 'open' || this.status === 'connecting') return;
    this.clearReconnectTimer();
    this.connect();
  }

  /** Closes the socket and stays idle until the next ensureConnected. */
  disconnect(): void {
    this.clearReconnectTimer();
    this.dropSocket();
    this.attempt = 0;
    this.setStatus('idle');
  }

  /** Logs in with the session token (null logs out); applied at once when open, else on open. */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    if (this.status !== 'open') return;
    this.sendNow(token ? { type: 'login', params: { token } } : { type: 'logout' });
  }

  /**
   * Listens to a topic. The first listener subscribes on the server, the last one to leave
   * unsubscribes. Returns the function that stops listening.
   */
  subscribe(topic: string, listener: PushListener): () => void {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
      if (this.status === 'open') this.sendNow({ type: 'sub', params: { topic } });
    }
    const own = listeners;
    own.add(listener);
    return () => {
      if (!own.delete(listener) || own.size > 0 || this.topics.get(topic) !== own) return;
      this.topics.delete(topic);
      if (this.status === 'open') this.sendNow({ type: 'unsub', params: { topic } });
    };
  }

  /** Sends a message now when open, otherwise queues it (oldest dropped when full) for the next open. */
  send(message: ClientMessage): void {
    if (this.status === 'open' && this.sendNow(message)) return;
    this.queue.push(JSON.stringify(message));
    if (this.queue.length > WEB_LIMITS.socketQueuedMessagesMax) {
      this.queue.shift();
      this.droppedMessages += 1;
    }
  }

  private connect(): void {
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(this.deps.url());
    } catch (error) {
      // A refused address (bad URL, blocked by policy) is retried like a lost connection.
      console.error('Realtime socket could not be created', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.handleOpen(socket);
    socket.onmessage = (event) => this.handleMessage(socket, event.data);
    socket.onclose = (event) => this.handleLoss(socket, event.code === SOCKET_CLOSE.serviceRestart);
    // The browser follows every error with a close, which is where the loss is handled.
    socket.onerror = () => {};
    this.connectTimer = setTimeout(() => this.handleLoss(socket), WEB_LIMITS.socketConnectTimeoutMs);
  }

  private handleOpen(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.clearConnectTimer();
    this.attempt = 0;
    this.unansweredPings = 0;
    this.setStatus('open');
    this.pingTimer = setInterval(() => this.ping(), WEB_LIMITS.socketPingIntervalMs);
    // Login first: the server holds later messages until it has checked the token.
    if (this.token) this.sendNow({ type: 'login', params: { token: this.token } });
    for (const topic of this.topics.keys()) this.sendNow({ type: 'sub', params: { topic } });
    const queued = this.queue.splice(0);
    for (const text of queued) socket.send(text);
    this.syncPending = this.token !== null && this.syncListeners.size > 0 && this.sendNow({ type: 'ping' });
  }

  private ping(): void {
    if (this.unansweredPings > WEB_LIMITS.socketUnansweredPingsMax) {
      if (this.socket) this.handleLoss(this.socket);
      return;
    }
    this.unansweredPings += 1;
    this.sendNow({ type: 'ping' });
  }

  private handleMessage(socket: SocketLike, data: unknown): void {
    if (socket !== this.socket) return;
    const frame = parseFrame(data);
    if (frame === null) return;
    if (frame === 'pong' || frame.type === 'pong') {
      this.unansweredPings = 0;
      if (this.syncPending) this.notifySynced();
      return;
    }
    if (frame.type !== 'push' || typeof frame.topic !== 'string') return;
    const listeners = this.topics.get(frame.topic);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(frame.data);
      } catch (error) {
        // A faulty listener is a programmer error; it must not starve the others of their pushes.
        console.error(`Realtime listener of ${frame.topic} failed`, error);
      }
    }
  }

  /**
   * The socket closed, timed out or stopped answering: drop it and try again later. A node that
   * closes for a restart (`restarting`) is still up to it: the load balancer sends the reconnect to
   * another node, so it comes at once, spread a little, not after the backoff.
   */
  private handleLoss(socket: SocketLike, restarting = false): void {
    if (socket !== this.socket) return;
    this.dropSocket();
    this.scheduleReconnect(restarting);
  }

  private scheduleReconnect(restarting = false): void {
    this.setStatus('waiting');
    const random = this.deps.random ?? Math.random;
    const delay = restarting
      ? Math.round(random() * WEB_LIMITS.socketRestartReconnectSpreadMs)
      : reconnectDelayMs(this.attempt, this.deps.random, this.deps.isHidden?.() ?? false);
    // A restart's close is no failed attempt: if the reconnect fails, the backoff starts from the minimum.
    if (!restarting) this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private notifySynced(): void {
    this.syncPending = false;
    for (const listener of [...this.syncListeners]) {
      try {
        listener();
      } catch (error) {
        console.error('Realtime sync listener failed', error);
      }
    }
  }

  private dropSocket(): void {
    this.syncPending = false;
    this.clearConnectTimer();
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(CLOSE_GOING_AWAY);
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }

  /** False when the socket is not open after all (it is closing): the caller may queue instead. */
  private sendNow(message: ClientMessage): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private clearConnectTimer(): void {
    if (this.connectTimer !== null) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
