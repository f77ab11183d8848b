import type { Language } from '@meridian/contract/languages';
import type { UserId } from '@meridian/domain/ids';
import type { WebSocket } from 'ws';
import type { PreparedPush } from './frame';

/** ws's send options for a text frame made from a Buffer (a Buffer alone would go out as binary). */
const TEXT_FRAME = { binary: false, compress: false } as const;

/**
 * Where ws keeps a socket's TCP connection. Not public API, so it is looked up once per socket and
 * the client falls back to ws's send when it is missing. Writing a push's prepared frame there
 * skips ws's per-send framing (a header, a cork, a two-buffer write): on a machine where one
 * loopback write costs about 10 µs, that is the difference between our fan-out and a bare write
 * loop. It is safe because permessage-deflate is off, so ws never holds a frame half-sent.
 */
type TcpSide = { write(chunk: Buffer): boolean; cork(): void; uncork(): void };
function tcpOf(socket: WebSocket): TcpSide | null {
  const tcp = (socket as unknown as { _socket?: Partial<TcpSide> })._socket;
  return typeof tcp?.write === 'function' && typeof tcp.cork === 'function' ? (tcp as TcpSide) : null;
}

function uncork(client: SocketClient): void {
  client.uncorkPushes();
}

/**
 * One connected socket and what the hub knows about it. The hub's indexes hold these, so a
 * publish reaches a subscriber without looking anything up per client.
 */
export class SocketClient {
  readonly socket: WebSocket;
  readonly lang: Language;
  /** The client's address (the peer, or what a trusted proxy said), for the per-address limit. */
  readonly address: string;
  readonly topics = new Set<string>();
  userId: UserId | null = null;
  /** The session the socket logged in with, so ending that session ends the socket's login. */
  sessionId: number | null = null;
  /**
   * A staff socket's (/admin/ws) login. Staff sockets never set `userId`, so customers' pushes and
   * session endings never reach them; customer sockets never set this.
   */
  staff: { staffId: number; sessionId: number; role: string } | null = null;
  lastSeenMs: number;
  /** Set once the client was cut off for falling behind; its indexes are cleared on 'close'. */
  dropped = false;
  loginPending = false;
  /** Frames that arrived while a login was being checked, handled in order afterwards. */
  readonly backlog: string[] = [];
  loginWindowStartMs = 0;
  loginsInWindow = 0;
  private readonly bufferedBytesMax: number;
  private readonly tcp: TcpSide | null;
  private corked = false;

  constructor(
    socket: WebSocket,
    identity: { lang: Language; address: string },
    bufferedBytesMax: number,
    nowMs: number,
  ) {
    this.socket = socket;
    this.tcp = tcpOf(socket);
    this.lang = identity.lang;
    this.address = identity.address;
    this.bufferedBytesMax = bufferedBytesMax;
    this.lastSeenMs = nowMs;
  }

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN && !this.dropped;
  }

  /**
   * Queues a reply, unless that would take the client's pending bytes past the limit: then the
   * client is dropped at once. A reader that stalls can hold at most the limit in our memory
   * (beyond what the kernel's socket buffers take), never an unbounded queue.
   * Answers false when the frame was not sent.
   */
  send(text: string): boolean {
    if (!this.makeRoom(Buffer.byteLength(text))) return false;
    this.socket.send(text, TEXT_FRAME);
    return true;
  }

  /** Sends a push prepared once for all subscribers: the same frame bytes to each. */
  sendPush(push: PreparedPush): boolean {
    if (!this.makeRoom(push.frame.length)) return false;
    if (this.tcp) {
      // The pushes of one turn of the event loop leave in one write: a batch of closes pushes to the
      // same socket hundreds of times, and each write is a system call. Replies sent meanwhile join
      // the same queue, so the order on the wire is the order sent.
      if (!this.corked) {
        this.corked = true;
        this.tcp.cork();
        process.nextTick(uncork, this);
      }
      this.tcp.write(push.frame);
    } else this.socket.send(push.payload, TEXT_FRAME);
    return true;
  }

  /** Sends the pushes held since the first of this turn (a write of all of them). */
  uncorkPushes(): void {
    if (!this.corked) return;
    this.corked = false;
    this.tcp?.uncork();
  }

  /** Whether `bytes` more fit in the client's queue; if not, the client is dropped. */
  private makeRoom(bytes: number): boolean {
    if (!this.isOpen) return false;
    // bufferedAmount counts what waits in the TCP socket's queue, frames written directly included.
    if (this.socket.bufferedAmount + bytes > this.bufferedBytesMax) {
      this.dropped = true;
      this.socket.terminate();
      return false;
    }
    return true;
  }
}
