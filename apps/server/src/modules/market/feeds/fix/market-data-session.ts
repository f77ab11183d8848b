import type { RotatingFixLog } from './fix-log';
import { AsciiSession, type IJsFixConfig, type MsgView } from './jspurefix';

/** One entry of a market data message, its price as the text received (never a float). */
export type MdEntry = {
  /** 0 New, 1 Change, 2 Delete (279); a snapshot's entries are New. */
  action: string;
  /** 0 bid, 1 offer (269); other types are left out. */
  type: string;
  price: string | undefined;
  /** The entry's own Symbol (55), when it names one. */
  symbol: string | undefined;
  /** The entry's MDEntryDate (272, YYYYMMDD) and MDEntryTime (273, HH:MM:SS[.sss]), when given. */
  date: string | undefined;
  time: string | undefined;
};

export type MarketDataHandlers = {
  /** Logged on: subscriptions may be sent. */
  ready(): void;
  /**
   * A MarketDataSnapshotFullRefresh (W): the book of one request, replacing both sides. `feedMs` is
   * the provider's time of the quote (`feedTimeMs`), null when the message gives none.
   */
  snapshot(
    reqId: string | undefined,
    symbol: string | undefined,
    entries: MdEntry[],
    arrivedAt: number,
    feedMs: number | null,
  ): void;
  /** A MarketDataIncrementalRefresh (X); `feedMs` as for a snapshot. */
  increment(reqId: string | undefined, entries: MdEntry[], arrivedAt: number, feedMs: number | null): void;
  /** A MarketDataRequestReject (Y): the request's id and the reason in words. */
  rejected(reqId: string, reason: string): void;
};

/** MDReqRejReason (281) in words, for a reject that carries no Text (58). */
const REJECT_REASONS: Record<string, string> = {
  '0': 'unknown symbol',
  '1': 'duplicate MDReqID',
  '2': 'insufficient bandwidth',
  '3': 'insufficient permissions',
  '4': 'unsupported SubscriptionRequestType',
  '5': 'unsupported MarketDepth',
  '6': 'unsupported MDUpdateType',
  '7': 'unsupported AggregatedBook',
  '8': 'unsupported MDEntryType',
  '9': 'unsupported TradingSessionID',
  A: 'unsupported Scope',
  B: 'unsupported OpenCloseSettlFlag',
  C: 'unsupported MDImplicitDelete',
};

function rejectReason(text: string | null, code: string | null): string {
  if (text) return code ? `${text} (MDReqRejReason ${code})` : text;
  if (code) return `${REJECT_REASONS[code] ?? 'rejected'} (MDReqRejReason ${code})`;
  return 'rejected without a reason';
}

/**
 * The initiator's FIX session for market data, one per TCP connection. The library (AsciiSession)
 * runs the session layer: logon with 553/554 and ResetSeqNumFlag from the description, heartbeats
 * every HeartBtInt and a TestRequest when the peer goes quiet, a ResendRequest on a sequence gap,
 * logout. This class reads the market data messages by tag, prices as text, and keeps the log.
 */
export class MarketDataSession extends AsciiSession {
  /** The provider's Text (58) of a Logout received: why it ended the session or refused the logon. */
  logoutText: string | undefined;

  constructor(
    config: IJsFixConfig,
    private readonly handlers: MarketDataHandlers,
    private readonly log: RotatingFixLog | undefined,
  ) {
    super(config);
    // Heartbeats and test requests run on the library's timer, started at logon.
    this.heartbeat = true;
    // Never on: the library would log every received message whole, password included.
    this.logReceivedMsgs = false;
  }

  /** Sends an application message; false when the session cannot send now. */
  sendMessage(msgType: string, body: Record<string, unknown>): void {
    this.send(msgType, body);
  }

  /** Logs out (the library waits for the peer's Logout, then closes). */
  logout(): void {
    this.done();
  }

  /** Cuts the connection without a logout (a stop that waited too long). */
  kill(reason: string): void {
    this.requestStop(reason);
  }

  protected override onMsg(msgType: string, view: MsgView): void {
    // The library answers a Logout without telling the application its text, and ignores one
    // that refuses our logon; the text is what the operator needs to see, so it is kept here.
    if (msgType === '5') this.logoutText = view.getString(58) ?? this.logoutText ?? 'logout';
    super.onMsg(msgType, view);
  }

  protected override onApplicationMsg(msgType: string, view: MsgView): void {
    const arrivedAt = performance.now();
    switch (msgType) {
      case 'W': {
        const found = entries(view, false);
        this.handlers.snapshot(
          view.getString(262) ?? undefined,
          view.getString(55) ?? undefined,
          found,
          arrivedAt,
          feedTimeMs(found, view.getString(52)),
        );
        break;
      }
      case 'X': {
        const found = entries(view, true);
        this.handlers.increment(
          view.getString(262) ?? undefined,
          found,
          arrivedAt,
          feedTimeMs(found, view.getString(52)),
        );
        break;
      }
      case 'Y':
        this.handlers.rejected(
          view.getString(262) ?? '',
          rejectReason(view.getString(58), view.getString(281)),
        );
        break;
    }
  }

  protected override onReady(_view: MsgView): void {
    this.handlers.ready();
  }

  protected override onStopped(_error?: Error): void {}

  protected override onLogon(_view: MsgView, _user: string, _password: string): boolean {
    return true;
  }

  protected override onDecoded(_msgType: string, text: string): void {
    this.log?.write('in', text);
  }

  protected override onEncoded(_msgType: string, text: string): void {
    this.log?.write('out', text);
  }
}

/** The bid and offer entries of a W or X (its NoMDEntries group), read by tag. */
function entries(view: MsgView, incremental: boolean): MdEntry[] {
  const group = view.getView(incremental ? 'MDIncGrp.NoMDEntries' : 'MDFullGrp.NoMDEntries');
  if (!group) return [];
  const found: MdEntry[] = [];
  const count = group.groupCount();
  for (let i = 0; i < count; i++) {
    const entry = group.getGroupInstance(i);
    if (!entry) continue;
    const type = entry.getString(269);
    if (type !== '0' && type !== '1') continue;
    found.push({
      action: incremental ? (entry.getString(279) ?? '0') : '0',
      type,
      price: entry.getString(270) ?? undefined,
      symbol: incremental ? (entry.getString(55) ?? undefined) : undefined,
      date: entry.getString(272) ?? undefined,
      time: entry.getString(273) ?? undefined,
    });
  }
  return found;
}

/** `count` decimal digits of `text` from `at` as a number; -1 when one is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A FIX UTC date (YYYYMMDD at `dateAt` of `date`) and time (HH:MM:SS, optionally with decimals, at
 * `timeAt` of `time`) as Unix ms; finer than a millisecond is cut. Undefined when malformed. Read
 * digit by digit: it runs for every market data message, and allocates nothing.
 */
export function fixUtcMs(date: string, dateAt: number, time: string, timeAt: number): number | undefined {
  if (date.length < dateAt + 8 || time.length < timeAt + 8) return undefined;
  if (time.charCodeAt(timeAt + 2) !== 58 || time.charCodeAt(timeAt + 5) !== 58) return undefined;
  const year = digitsAt(date, dateAt, 4);
  const month = digitsAt(date, dateAt + 4, 2);
  const day = digitsAt(date, dateAt + 6, 2);
  const hours = digitsAt(time, timeAt, 2);
  const minutes = digitsAt(time, timeAt + 3, 2);
  const seconds = digitsAt(time, timeAt + 6, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 60) return undefined;
  let ms = 0;
  if (time.length > timeAt + 8) {
    if (time.charCodeAt(timeAt + 8) !== 46) return undefined;
    for (let i = 0, scale = 100; i < 3 && timeAt + 9 + i < time.length; i++, scale /= 10) {
      const digit = digitsAt(time, timeAt + 9 + i, 1);
      if (digit < 0) return undefined;
      ms += digit * scale;
    }
  }
  return Date.UTC(year, month - 1, day, hours, minutes, seconds, ms);
}

/**
 * The provider's time of a market data message's quote (docs/decisions.md "The feed's timestamp"):
 * the first bid or offer entry's MDEntryTime (273) on its MDEntryDate (272), or on SendingTime's
 * date when the entry gives a time only; without an entry time, the message's SendingTime (52,
 * YYYYMMDD-HH:MM:SS[.sss]); null when neither is readable.
 */
export function feedTimeMs(found: readonly MdEntry[], sendingTime: string | null): number | null {
  for (const entry of found) {
    if (entry.time === undefined) continue;
    const at =
      entry.date !== undefined
        ? fixUtcMs(entry.date, 0, entry.time, 0)
        : sendingTime
          ? fixUtcMs(sendingTime, 0, entry.time, 0)
          : undefined;
    if (at !== undefined) return at;
  }
  if (sendingTime?.charCodeAt(8) !== 45) return null;
  return fixUtcMs(sendingTime, 0, sendingTime, 9) ?? null;
}
