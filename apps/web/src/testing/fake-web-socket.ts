import type { SocketLike } from '../lib/realtime/socket-client';

/**
 * A WebSocket stand-in for tests: it records what the client sends and lets the test play the
 * server (open, answer, push, close). Used by unit tests only.
 */
export class FakeWebSocket implements SocketLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;

  readyState = FakeWebSocket.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: string[] = [];
  closedByClient = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The messages sent, parsed (a bare text stays a string). */
  messages(): unknown[] {
    return this.sent.map((text) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    });
  }

  serverOpens(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  serverSends(data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }

  /** The connection ends: 1006 (lost without a close frame) unless the server sent a code. */
  serverCloses(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** A factory that keeps every socket it made, newest last. */
export function fakeSocketFactory() {
  const sockets: FakeWebSocket[] = [];
  return {
    sockets,
    create: (url: string) => {
      const socket = new FakeWebSocket(url);
      sockets.push(socket);
      return socket;
    },
    latest(): FakeWebSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was made');
      return socket;
    },
  };
}
