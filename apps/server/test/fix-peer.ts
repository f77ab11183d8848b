/**
 * A scripted FIX 4.4 market data provider on the loopback, for the FIX adapter's tests, the
 * end-to-end and browser tests and the feed benchmark.
 *
 * Each connection is served by jspurefix's own acceptor session (AsciiSession as acceptor: logon
 * check, ResetSeqNumFlag, heartbeats, test requests, resend requests answered with a gap fill, the
 * dictionary check of every message we send it); only the listening socket is ours, so the port can
 * be 0 (the system picks one) and `drop()` can cut the TCP connection without a logout.
 *
 *   const peer = await startFixPeer({ username: 'meridian', password: 'secret' });
 *   // FIX_HOST=127.0.0.1 FIX_PORT=peer.port FIX_SENDER_COMP_ID=<any> FIX_TARGET_COMP_ID=LP
 *   peer.setQuote('EURUSD', '1.08500', '1.08520');  // answered at once to a subscription (W), and sent now if subscribed
 *   peer.sendIncrement('EURUSD', 'bid', 'change', '1.08510');  // an X with one entry
 *   peer.reject('GBPUSD', 'Unknown symbol');     // this and later requests for it get a Y with this text
 *   peer.autoQuote('EURUSD', 50);   // repeats the last quote every 50 ms (a live feed); silence('EURUSD') stops it
 *   peer.stampEntries(new Date(...)); // entries carry MDEntryDate/MDEntryTime of this time (undefined: none)
 *   peer.skipSequence();           // the next message jumps one sequence number (a gap)
 *   peer.drop();                   // cuts the connection
 *   peer.subscriptions()           // symbols subscribed now
 *   peer.logons                    // logons accepted so far
 *   await peer.close();
 *
 * The peer accepts any SenderCompID (its TargetCompID is the wildcard); its own SenderCompID is `LP`
 * unless given. A wrong username or password is refused with a Logout whose text names it. One
 * client at a time is expected: messages go to the most recent logged-on session.
 */
import net from 'node:net';
import {
  connectionConfig,
  openTransport,
  sessionDescription,
} from '../src/modules/market/feeds/fix/fix-engine';
import {
  AsciiSession,
  type IJsFixConfig,
  type MsgTransport,
  type MsgView,
} from '../src/modules/market/feeds/fix/jspurefix';

export type FixPeerOptions = {
  username: string;
  password: string;
  /** 0 (default): any free port. */
  port?: number;
  /** The peer's SenderCompID (the adapter's FIX_TARGET_COMP_ID); default `LP`. */
  compId?: string;
  /** Seconds between the peer's heartbeats (default 30). */
  heartbeatSeconds?: number;
};

export type Side = 'bid' | 'offer';
export type UpdateAction = 'new' | 'change' | 'delete';

export type FixPeer = {
  port: number;
  /** Sets a symbol's book; sent as a snapshot now when subscribed, and to every later subscription. */
  setQuote(symbol: string, bid: string | undefined, ask: string | undefined): void;
  /** Sends a snapshot (W) of the symbol now (subscribed or not), without remembering it. */
  sendSnapshot(symbol: string, bid: string | undefined, ask: string | undefined): void;
  /** Sends an incremental refresh (X) with one entry; the price is omitted for a delete when not given. */
  sendIncrement(symbol: string, side: Side, action: UpdateAction, price?: string): void;
  /** Sends one X carrying several entries (a bid and an offer change in one message). */
  sendIncrements(updates: Array<{ symbol: string; side: Side; action: UpdateAction; price?: string }>): void;
  /** Answers the symbol's requests from now on (and its current subscription, at once) with a reject (Y). */
  reject(symbol: string, text: string): void;
  /** Repeats the symbol's book as a snapshot every `everyMs` while subscribed. */
  autoQuote(symbol: string, everyMs: number): void;
  /** Stops sending the symbol anything (ends autoQuote). */
  silence(symbol: string): void;
  /** Stops every autoQuote. */
  stopQuoting(): void;
  /**
   * The bid and offer entries sent from now on carry MDEntryDate (272) and MDEntryTime (273) of `at`
   * (the provider's own time of the quote); undefined: none (the default), so only SendingTime dates them.
   */
  stampEntries(at: Date | undefined): void;
  /** The next message the peer sends jumps `count` sequence numbers (default 1). */
  skipSequence(count?: number): void;
  /** Cuts the TCP connection at once, without a logout. */
  drop(): void;
  /** Symbols subscribed now (by the current session). */
  subscriptions(): string[];
  /** Logons accepted so far. */
  readonly logons: number;
  /** Logons refused (wrong username or password). */
  readonly refusedLogons: number;
  /** ResendRequests received: their BeginSeqNo and EndSeqNo. */
  readonly resendRequests: ReadonlyArray<{ begin: number; end: number }>;
  /** Every MarketDataRequest received: its MDReqID, SubscriptionRequestType and symbol. */
  readonly requests: ReadonlyArray<{ reqId: string; type: string; symbol: string }>;
  close(): Promise<void>;
};

const ACTION: Record<UpdateAction, string> = { new: '0', change: '1', delete: '2' };
const ENTRY_TYPE: Record<Side, string> = { bid: '0', offer: '1' };

export async function startFixPeer(options: FixPeerOptions): Promise<FixPeer> {
  const books = new Map<string, { bid: string | undefined; ask: string | undefined }>();
  const rejects = new Map<string, string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const sockets = new Set<net.Socket>();
  const resendRequests: Array<{ begin: number; end: number }> = [];
  const requests: Array<{ reqId: string; type: string; symbol: string }> = [];
  let current: PeerSession | undefined;
  let stamp: Date | undefined;
  const stamped = (entry: Record<string, unknown>) =>
    stamp === undefined ? entry : { ...entry, MDEntryDate: stamp, MDEntryTime: stamp };
  let logons = 0;
  let refusedLogons = 0;

  class PeerSession extends AsciiSession {
    /** Subscribed symbols and their MDReqIDs. */
    readonly subscribed = new Map<string, string>();
    socket: net.Socket | undefined;
    private transportRef: MsgTransport | undefined;

    constructor(config: IJsFixConfig) {
      super(config);
      this.heartbeat = true;
    }

    attach(socket: net.Socket, transport: MsgTransport): void {
      this.socket = socket;
      this.transportRef = transport;
    }

    sendApp(msgType: string, body: Record<string, unknown>): void {
      this.send(msgType, body);
    }

    skip(count: number): void {
      // The transmitter's next sequence number is public state of jspurefix's AsciiMsgTransmitter.
      const transmitter = this.transportRef?.transmitter as unknown as { msgSeqNum: number } | undefined;
      if (transmitter) transmitter.msgSeqNum += count;
    }

    snapshot(symbol: string, bid: string | undefined, ask: string | undefined): void {
      const entries: Array<Record<string, unknown>> = [];
      if (bid !== undefined)
        entries.push(stamped({ MDEntryType: '0', MDEntryPx: bid, MDEntrySize: 1_000_000 }));
      if (ask !== undefined)
        entries.push(stamped({ MDEntryType: '1', MDEntryPx: ask, MDEntrySize: 1_000_000 }));
      this.sendApp('W', {
        MDReqID: this.subscribed.get(symbol) ?? `unsolicited-${symbol}`,
        Instrument: { Symbol: symbol },
        MDFullGrp: { NoMDEntries: entries },
      });
    }

    protected override onApplicationMsg(msgType: string, view: MsgView): void {
      if (msgType !== 'V') return;
      const reqId = view.getString(262) ?? '';
      const type = view.getString(263) ?? '';
      const group = view.getView('InstrmtMDReqGrp.NoRelatedSym');
      const symbols: string[] = [];
      for (let i = 0; i < (group?.groupCount() ?? 0); i++) {
        const symbol = group?.getGroupInstance(i)?.getString(55);
        if (symbol) symbols.push(symbol);
      }
      for (const symbol of symbols) {
        requests.push({ reqId, type, symbol });
        if (type === '2') {
          this.subscribed.delete(symbol);
          continue;
        }
        const rejectText = rejects.get(symbol);
        if (rejectText !== undefined) {
          this.sendApp('Y', { MDReqID: reqId, MDReqRejReason: '0', Text: rejectText });
          continue;
        }
        this.subscribed.set(symbol, reqId);
        const book = books.get(symbol);
        if (book) this.snapshot(symbol, book.bid, book.ask);
      }
    }

    protected override onResendRequest(view: MsgView): void {
      const [begin, end] = view.getTypedTags([7, 16]);
      resendRequests.push({ begin: Number(begin), end: Number(end) });
      super.onResendRequest(view);
    }

    protected override onLogon(_view: MsgView, user: string, password: string): boolean | Promise<boolean> {
      if (user === options.username && password === options.password) {
        logons++;
        current = this;
        return true;
      }
      refusedLogons++;
      // A rejected promise is how the library lets the refusing Logout carry our words.
      return Promise.reject(new Error('Invalid username or password'));
    }

    protected override onReady(_view: MsgView): void {}
    protected override onStopped(_error?: Error): void {
      if (current === this) current = undefined;
    }
    protected override onDecoded(_msgType: string, _text: string): void {}
    protected override onEncoded(_msgType: string, _text: string): void {}
  }

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    void serve(socket);
  });

  async function serve(socket: net.Socket): Promise<void> {
    const description = sessionDescription({
      role: 'acceptor',
      senderCompId: options.compId ?? 'LP',
      targetCompId: '*',
      resetOnLogon: true,
      heartbeatSeconds: options.heartbeatSeconds ?? 30,
    });
    const config = await connectionConfig(description, undefined);
    if (socket.destroyed) return;
    // A reset after the session ended (the customer hanging up on a refused logon) is expected here.
    const transport = openTransport(sockets.size, config, socket, () => {});
    const session = new PeerSession(config);
    session.attach(socket, transport);
    await session.run(transport).catch(() => {});
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  const stopTimer = (symbol: string) => {
    clearInterval(timers.get(symbol));
    timers.delete(symbol);
  };

  const peer: FixPeer = {
    port,
    setQuote(symbol, bid, ask) {
      books.set(symbol, { bid, ask });
      if (current?.subscribed.has(symbol)) current.snapshot(symbol, bid, ask);
    },
    sendSnapshot(symbol, bid, ask) {
      current?.snapshot(symbol, bid, ask);
    },
    sendIncrement(symbol, side, action, price) {
      peer.sendIncrements([{ symbol, side, action, price }]);
    },
    sendIncrements(updates) {
      const session = current;
      if (!session || updates.length === 0) return;
      const first = updates[0]!.symbol;
      session.sendApp('X', {
        MDReqID: session.subscribed.get(first) ?? `unsolicited-${first}`,
        MDIncGrp: {
          NoMDEntries: updates.map((update) =>
            stamped({
              MDUpdateAction: ACTION[update.action],
              MDEntryType: ENTRY_TYPE[update.side],
              Instrument: { Symbol: update.symbol },
              ...(update.price === undefined ? {} : { MDEntryPx: update.price, MDEntrySize: 1_000_000 }),
            }),
          ),
        },
      });
    },
    stampEntries(at) {
      stamp = at;
    },
    reject(symbol, text) {
      rejects.set(symbol, text);
      const reqId = current?.subscribed.get(symbol);
      if (current && reqId !== undefined) {
        current.subscribed.delete(symbol);
        current.sendApp('Y', { MDReqID: reqId, MDReqRejReason: '0', Text: text });
      }
    },
    autoQuote(symbol, everyMs) {
      stopTimer(symbol);
      timers.set(
        symbol,
        setInterval(() => {
          const book = books.get(symbol);
          if (book && current?.subscribed.has(symbol)) current.snapshot(symbol, book.bid, book.ask);
        }, everyMs),
      );
    },
    silence(symbol) {
      stopTimer(symbol);
    },
    stopQuoting() {
      for (const symbol of [...timers.keys()]) stopTimer(symbol);
    },
    skipSequence(count = 1) {
      current?.skip(count);
    },
    drop() {
      for (const socket of sockets) socket.destroy();
    },
    subscriptions() {
      return [...(current?.subscribed.keys() ?? [])].sort();
    },
    get logons() {
      return logons;
    },
    get refusedLogons() {
      return refusedLogons;
    },
    resendRequests,
    requests,
    async close() {
      peer.stopQuoting();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return peer;
}
