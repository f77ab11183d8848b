import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A stand-in for Binance spot's raw stream endpoint on the loopback, for tests: it answers
 * SUBSCRIBE / UNSUBSCRIBE as the venue does (`{"result":null,"id":N}`, or the venue's error answer
 * for a stream it refuses), replays the bookTicker frames of test/fixtures/binance-bookticker.jsonl
 * for the streams each connection has subscribed, pings like the venue, and can misbehave on
 * command: malformed frames, silence, dropped connections.
 */

export const FIXTURE_PATH = new URL('./fixtures/binance-bookticker.jsonl', import.meta.url);

type FixtureTick = { stream: string; text: string };

export type FeedPeerOptions = {
  /** One fixture frame (of a subscribed symbol) per connection this often; 0: only on `replayNext`. */
  replayEveryMs?: number;
  /** Send a ping this often (the venue pings every 20 s); 0: never. */
  pingEveryMs?: number;
  /** Symbols (upper-case, as BTCUSDT) whose subscription the peer refuses. */
  refuse?: Iterable<string>;
};

type Peer = {
  socket: WebSocket;
  streams: Set<string>;
  cursor: number;
};

/** The fixture's bookTicker frames, in order, with their stream names. */
export function fixtureTicks(): FixtureTick[] {
  return readFileSync(FIXTURE_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"s":'))
    .map((text) => ({ stream: `${(JSON.parse(text) as { s: string }).s.toLowerCase()}@bookTicker`, text }));
}

/** The fixture's refusal, the venue's text for a stream it will not serve. */
function fixtureRefusal(): string {
  const line = readFileSync(FIXTURE_PATH, 'utf8')
    .split('\n')
    .find((text) => text.includes('"error"'));
  return (JSON.parse(line as string) as { error: { msg: string } }).error.msg;
}

export class WsFeedPeer {
  readonly ticks = fixtureTicks();
  /** Every request the peer was sent, in order, by any connection. */
  readonly requests: { method: string; params: string[]; id: unknown }[] = [];
  /** Pongs received (the client's answers to our pings). */
  pongs = 0;
  /** Connections accepted since the start. */
  accepted = 0;
  private readonly peers = new Set<Peer>();
  private readonly refused: Set<string>;
  private readonly refusal = fixtureRefusal();
  private silent = false;
  private replayTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly server: WebSocketServer,
    options: FeedPeerOptions,
  ) {
    this.refused = new Set([...(options.refuse ?? [])].map((symbol) => `${symbol.toLowerCase()}@bookTicker`));
    server.on('connection', (socket) => this.accept(socket));
    const replayEvery = options.replayEveryMs ?? 20;
    if (replayEvery > 0) this.replayTimer = setInterval(() => this.replayNext(), replayEvery);
    const pingEvery = options.pingEveryMs ?? 0;
    if (pingEvery > 0)
      this.pingTimer = setInterval(() => {
        if (this.silent) return;
        for (const peer of this.peers) peer.socket.ping('meridian');
      }, pingEvery);
  }

  static async start(options: FeedPeerOptions = {}): Promise<WsFeedPeer> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    return new WsFeedPeer(server, options);
  }

  /** The raw stream endpoint, as FEED_WS_URL would name the venue's. */
  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/ws`;
  }

  /** Connections open now. */
  get connections(): number {
    return this.peers.size;
  }

  /** The streams some open connection has subscribed. */
  subscribed(): Set<string> {
    const streams = new Set<string>();
    for (const peer of this.peers) for (const stream of peer.streams) streams.add(stream);
    return streams;
  }

  /** Sends each connection its next fixture frame of a stream it subscribed (none while silent). */
  replayNext(): void {
    if (this.silent) return;
    for (const peer of this.peers) {
      if (peer.streams.size === 0) continue;
      for (let tried = 0; tried < this.ticks.length; tried += 1) {
        const tick = this.ticks[peer.cursor] as FixtureTick;
        peer.cursor = (peer.cursor + 1) % this.ticks.length;
        if (peer.streams.has(tick.stream)) {
          peer.socket.send(tick.text);
          break;
        }
      }
    }
  }

  /** Sends a bookTicker frame of a given quote to the connections subscribed to the symbol. */
  quote(symbol: string, bid: string, ask: string): void {
    const stream = `${symbol.toLowerCase()}@bookTicker`;
    const text = JSON.stringify({
      u: Date.now(),
      s: symbol,
      b: bid,
      B: '1.00000000',
      a: ask,
      A: '1.00000000',
    });
    for (const peer of this.peers) if (peer.streams.has(stream)) peer.socket.send(text);
  }

  /** Sends any frame to every connection (malformed ones for tests): text, or binary with `binary`. */
  sendRaw(data: string | Buffer, binary = false): void {
    for (const peer of this.peers) peer.socket.send(data, { binary });
  }

  /** Sends the venue's notice that it is about to close the connections. */
  announceShutdown(): void {
    this.sendRaw(JSON.stringify({ e: 'serverShutdown', E: Date.now() }));
  }

  /** Stops sending anything (quotes, answers, pings) while keeping the connections open. */
  goSilent(): void {
    this.silent = true;
  }

  resume(): void {
    this.silent = false;
  }

  /** Cuts every open connection without a close handshake, as a network failure would. */
  dropConnections(): void {
    for (const peer of this.peers) peer.socket.terminate();
  }

  async close(): Promise<void> {
    clearInterval(this.replayTimer);
    clearInterval(this.pingTimer);
    for (const peer of this.peers) peer.socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket): void {
    this.accepted += 1;
    const peer: Peer = { socket, streams: new Set(), cursor: 0 };
    this.peers.add(peer);
    socket.on('close', () => this.peers.delete(peer));
    socket.on('pong', () => {
      this.pongs += 1;
    });
    socket.on('message', (data) => this.answer(peer, data.toString()));
  }

  private answer(peer: Peer, text: string): void {
    this.reply(peer, this.handle(peer, text));
  }

  /** The venue's answer to a request, applied to the connection's streams. */
  private handle(peer: Peer, text: string): object {
    let request: { method?: unknown; params?: unknown; id?: unknown };
    try {
      request = JSON.parse(text) as typeof request;
    } catch {
      return { error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' } };
    }
    const params = Array.isArray(request.params) ? request.params.map(String) : [];
    this.requests.push({ method: String(request.method), params, id: request.id });
    if (request.method !== 'SUBSCRIBE' && request.method !== 'UNSUBSCRIBE')
      return { error: { code: 2, msg: 'Invalid request: unknown variant' }, id: request.id };
    if (request.method === 'SUBSCRIBE') {
      // Like the venue, one stream it will not serve refuses the whole request.
      if (params.some((stream) => this.refused.has(stream) || !/^[a-z0-9]+@bookTicker$/.test(stream)))
        return { error: { code: 2, msg: this.refusal }, id: request.id };
      for (const stream of params) peer.streams.add(stream);
    } else for (const stream of params) peer.streams.delete(stream);
    return { result: null, id: request.id };
  }

  private reply(peer: Peer, body: object): void {
    if (!this.silent) peer.socket.send(JSON.stringify(body));
  }
}
