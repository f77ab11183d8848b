import WebSocket from 'ws';
import { type MalformedReason, readFrame, type StreamFrame } from './binance-frames';

/**
 * One WebSocket connection to the venue and the streams it has asked for. The source decides which
 * streams are wanted; the connection sends the SUBSCRIBE / UNSUBSCRIBE requests that bring its own
 * set there, batched and spaced so the venue's limit of incoming messages per second is never hit,
 * and notices when the venue goes silent.
 */

export type ConnectionTiming = {
  /** No frame at all (not even a ping) for this long: the connection is dead. */
  silenceMs: number;
  /** Least time between two requests we send (the venue allows 5 incoming messages a second, pongs included). */
  sendGapMs: number;
  /** Streams per SUBSCRIBE / UNSUBSCRIBE request. */
  batchSize: number;
  /** Largest frame accepted; a larger one closes the connection (ws answers it with 1009). */
  maxPayloadBytes: number;
  /** A close handshake that takes longer than this is cut. */
  closeTimeoutMs: number;
};

type ConnectionHandlers = {
  opened(): void;
  /** Every wanted stream has been answered (subscribed or refused) since the connection opened. */
  ready(): void;
  frame(frame: StreamFrame, receivedMs: number, arrivedAt: number): void;
  malformed(reason: MalformedReason): void;
  /** The venue refused a single stream's subscription. */
  refused(stream: string, reason: string): void;
  /** An answer that names no request of ours, or a refused unsubscribe. */
  unexpected(detail: string): void;
  closed(detail: string): void;
};

type Request = { method: 'SUBSCRIBE' | 'UNSUBSCRIBE'; streams: string[] };

export class StreamConnection {
  private readonly socket: WebSocket;
  /** Streams we asked for (answered or not) and have not dropped since. */
  private readonly active = new Set<string>();
  private readonly pending = new Map<number, Request>();
  /** Streams of a refused batch, asked for one at a time so the refusal names the right one. */
  private readonly isolated: string[] = [];
  private nextId = 1;
  private lastSendAt = Number.NEGATIVE_INFINITY;
  private pumpTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private lastFrameAt = performance.now();
  private isReady = false;
  private isClosed = false;
  private lastError = '';

  constructor(
    url: string,
    private readonly wanted: () => ReadonlySet<string>,
    private readonly timing: ConnectionTiming,
    private readonly on: ConnectionHandlers,
  ) {
    this.socket = new WebSocket(url, {
      maxPayload: timing.maxPayloadBytes,
      handshakeTimeout: timing.silenceMs,
      // ws answers the venue's pings with a pong carrying the ping's payload, as the venue asks
      // (autoPong, on by default: said here because the connection depends on it).
      autoPong: true,
    });
    this.socket.on('open', () => this.onOpen());
    this.socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    this.socket.on('ping', () => this.heard());
    this.socket.on('pong', () => this.heard());
    this.socket.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') this.on.malformed('oversized');
      this.lastError = error.message;
    });
    this.socket.on('close', (code, reason) => this.onClose(code, reason.toString('utf8').slice(0, 200)));
  }

  /** The wanted set changed: bring this connection's subscriptions there. */
  sync(): void {
    this.pump();
  }

  /** Closes politely (a close frame), cut after the close time-out. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      const cut = setTimeout(() => this.socket.terminate(), this.timing.closeTimeoutMs);
      cut.unref();
      this.socket.once('close', () => clearTimeout(cut));
      if (this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
      else this.socket.close(1000);
    });
  }

  /** Drops the connection at once (dead or replaced). */
  terminate(detail: string): void {
    this.lastError = detail;
    this.socket.terminate();
  }

  private heard(): void {
    this.lastFrameAt = performance.now();
  }

  private onOpen(): void {
    this.heard();
    const check = Math.max(5, Math.floor(this.timing.silenceMs / 4));
    this.silenceTimer = setInterval(() => {
      if (performance.now() - this.lastFrameAt > this.timing.silenceMs)
        this.terminate(`no frame for ${this.timing.silenceMs} ms`);
    }, check);
    this.silenceTimer.unref();
    this.on.opened();
    this.pump();
  }

  private onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    const arrivedAt = performance.now();
    this.lastFrameAt = arrivedAt;
    const frame: StreamFrame = isBinary ? { kind: 'malformed', reason: 'binary' } : readFrame(rawText(data));
    if (frame.kind === 'malformed') this.on.malformed(frame.reason);
    else if (frame.kind === 'answer') this.answered(frame.id, undefined);
    else if (frame.kind === 'error' && frame.id !== undefined) this.answered(frame.id, frame.message);
    else if (frame.kind === 'error') this.on.unexpected(`error ${frame.code}: ${frame.message}`);
    else this.on.frame(frame, Date.now(), arrivedAt);
  }

  private answered(id: number, refusal: string | undefined): void {
    const request = this.pending.get(id);
    if (!request) {
      this.on.unexpected(`answer to unknown request ${id}`);
      return;
    }
    this.pending.delete(id);
    if (refusal !== undefined) {
      if (request.method === 'UNSUBSCRIBE') this.on.unexpected(`unsubscribe refused: ${refusal}`);
      else {
        for (const stream of request.streams) this.active.delete(stream);
        // The venue refuses a whole request for one bad stream: ask again one by one to find it.
        if (request.streams.length > 1) this.isolated.push(...request.streams);
        else if (request.streams[0] !== undefined) this.on.refused(request.streams[0], refusal);
      }
    }
    this.pump();
  }

  /** Sends the next request the wanted set calls for, no sooner than the gap after the last. */
  private pump(): void {
    if (this.pumpTimer || this.isClosed || this.socket.readyState !== WebSocket.OPEN) return;
    const wait = this.lastSendAt + this.timing.sendGapMs - performance.now();
    if (wait > 0) {
      this.pumpTimer = setTimeout(() => {
        this.pumpTimer = undefined;
        this.pump();
      }, wait);
      return;
    }
    const request = this.nextRequest();
    if (!request) {
      this.checkReady();
      return;
    }
    const id = this.nextId++;
    this.pending.set(id, request);
    for (const stream of request.streams) {
      if (request.method === 'SUBSCRIBE') this.active.add(stream);
      else this.active.delete(stream);
    }
    this.lastSendAt = performance.now();
    this.socket.send(JSON.stringify({ method: request.method, params: request.streams, id }));
    this.pump();
  }

  private nextRequest(): Request | undefined {
    const wanted = this.wanted();
    const dropped = [...this.active].filter((stream) => !wanted.has(stream));
    if (dropped.length > 0)
      return { method: 'UNSUBSCRIBE', streams: dropped.slice(0, this.timing.batchSize) };
    while (this.isolated.length > 0) {
      const stream = this.isolated.shift() as string;
      if (wanted.has(stream) && !this.active.has(stream)) return { method: 'SUBSCRIBE', streams: [stream] };
    }
    const added = [...wanted].filter((stream) => !this.active.has(stream));
    if (added.length > 0) return { method: 'SUBSCRIBE', streams: added.slice(0, this.timing.batchSize) };
    return undefined;
  }

  private checkReady(): void {
    if (this.isReady) return;
    for (const request of this.pending.values()) if (request.method === 'SUBSCRIBE') return;
    this.isReady = true;
    this.on.ready();
  }

  private onClose(code: number, reason: string): void {
    this.isClosed = true;
    clearTimeout(this.pumpTimer);
    clearInterval(this.silenceTimer);
    const detail = this.lastError || reason || `closed (${code})`;
    this.on.closed(detail);
  }
}

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
