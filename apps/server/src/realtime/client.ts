import type { Language } from '@meridian/contract/languages';
import type { WebSocket } from 'ws';

/** ws's send options for a text frame made from a Buffer (a Buffer alone would go out as binary). */
const TEXT_FRAME = { binary: false, compress: false } as const;

/**
 * One connected socket and what the hub knows about it. The hub's indexes hold these, so a
 * publish reaches a subscriber without looking anything up per client.
 */
export class SocketClient {
  readonly socket: WebSocket;
  readonly lang: Language;
  readonly topics = new Set<string>();
  userId: number | null = null;
  lastSeenMs: number;
  /** Set once the client was cut off for falling behind; its indexes are cleared on 'close'. */
  dropped = false;
  loginPending = false;
  /** Frames that arrived while a login was being checked, handled in order afterwards. */
  readonly backlog: string[] = [];
  loginWindowStartMs = 0;
  loginsInWindow = 0;
  private readonly bufferedBytesMax: number;

  constructor(socket: WebSocket, lang: Language, bufferedBytesMax: number, nowMs: number) {
    this.socket = socket;
    this.lang = lang;
    this.bufferedBytesMax = bufferedBytesMax;
    this.lastSeenMs = nowMs;
  }

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN && !this.dropped;
  }

  /**
   * Queues a frame, unless that would take the client's pending bytes past the limit: then the
   * client is dropped at once. A reader that stalls can hold at most the limit in our memory
   * (beyond what the kernel's socket buffers take), never an unbounded queue.
   * Answers false when the frame was not sent.
   */
  send(payload: Buffer | string): boolean {
    if (!this.isOpen) return false;
    const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (this.socket.bufferedAmount + bytes > this.bufferedBytesMax) {
      this.dropped = true;
      this.socket.terminate();
      return false;
    }
    this.socket.send(payload, TEXT_FRAME);
    return true;
  }
}
