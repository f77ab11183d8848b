import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { TestApp } from './app';

/** Makes the test app listen on a free loopback port and answers the socket URL. */
export async function socketUrl(t: TestApp, query = 'lang=en'): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/v1/ws${query ? `?${query}` : ''}`;
}

/** A JSON message as received, or the bare text when it is not JSON. */
export type Received = Record<string, unknown> | string;

type Waiter = { predicate: (message: Received) => boolean; resolve(message: Received): void };

const WAIT_MS = 3_000;

/**
 * A real `ws` client that keeps what it receives, so a test can wait for a message, or prove that
 * none came, in the order the server sent them.
 */
export class TestSocket {
  readonly socket: WebSocket;
  /** Messages received and not yet taken by `next`. */
  readonly inbox: Received[] = [];
  readonly closed: Promise<{ code: number }>;
  private readonly waiters: Waiter[] = [];

  private constructor(socket: WebSocket) {
    this.socket = socket;
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve({ code })));
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : String(data);
      let message: Received = text;
      try {
        message = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Bare text such as `pong` stays a string.
      }
      const waiter = this.waiters.find((candidate) => candidate.predicate(message));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else {
        this.inbox.push(message);
      }
    });
  }

  /** Opens a socket; `headers` go with the upgrade (an X-Forwarded-For, say). */
  static async open(url: string, headers?: Record<string, string>): Promise<TestSocket> {
    const socket = new WebSocket(url, headers ? { headers } : undefined);
    const client = new TestSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: Record<string, unknown> | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (already received or still to come) that matches. */
  next(predicate: (message: Received) => boolean = () => true, timeoutMs = WAIT_MS): Promise<Received> {
    const index = this.inbox.findIndex(predicate);
    if (index >= 0) return Promise.resolve(this.inbox.splice(index, 1)[0] as Received);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching message within ${timeoutMs} ms; inbox: ${JSON.stringify(this.inbox)}`));
      }, timeoutMs);
      const waiter: Waiter = {
        predicate,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Sends a message and waits for the reply of its type. */
  async request(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.send(message);
    return (await this.next((reply) => typeof reply === 'object' && reply.type === message.type)) as Record<
      string,
      unknown
    >;
  }

  /**
   * Everything the server sent before answering a ping sent now: the server answers in order, so
   * this shows what a publish made before this call delivered, and proves what it did not.
   */
  async drain(): Promise<Received[]> {
    this.send({ type: 'ping' });
    await this.next((message) => typeof message === 'object' && message.type === 'pong');
    return this.inbox.splice(0);
  }

  close(): void {
    this.socket.close();
  }
}

export const isPush = (topic: string) => (message: Received) =>
  typeof message === 'object' && message.type === 'push' && message.topic === topic;
