import type { QuoteUpdate, Candle as WireCandle } from '@meridian/contract/market';
import { klineTopic, TOPIC_MARKET_DAY } from '@meridian/contract/socket';
import { type Candle, PERIOD_NAMES, type Period } from '@meridian/domain/candles';
import { plainDecimal } from '@meridian/domain/money';
import { formatPrice } from '@meridian/domain/quote';
import { SERVER_LIMITS } from '../../../limits';
import type { RealtimePublisher } from '../../../realtime/publisher';

/** A candle as the API and the kline topic send it: Time in Unix seconds, prices at the precision. */
export function toWireCandle(candle: Candle, pricePrecision: number): WireCandle {
  return {
    Time: Math.floor(candle.time / 1000),
    Open: formatPrice(candle.open, pricePrecision),
    High: formatPrice(candle.high, pricePrecision),
    Low: formatPrice(candle.low, pricePrecision),
    Close: formatPrice(candle.close, pricePrecision),
    Volume: plainDecimal(candle.volume),
  };
}

/**
 * What the market sends to the socket hub. Kline topics are built and published only when some
 * socket listens; quotes are gathered and go to `market.day` at most every
 * SERVER_LIMITS.marketDayPublishIntervalMs, one message holding only the instruments that changed (the hub
 * serializes each message once for all its subscribers).
 */
export class MarketBroadcaster {
  private readonly changed = new Set<number>();
  private lastQuotesMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly publisher: RealtimePublisher) {}

  /** Publishes the candles in progress of one instrument to each subscribed `kline.<id>.<period>`. */
  candlesChanged(
    instrumentId: number,
    pricePrecision: number,
    candleOf: (period: Period) => Candle | undefined,
  ): void {
    for (const period of PERIOD_NAMES) {
      const topic = klineTopic(instrumentId, period);
      if (!this.publisher.hasSubscribers(topic)) continue;
      const candle = candleOf(period);
      if (candle) this.publisher.publish(topic, toWireCandle(candle, pricePrecision));
    }
  }

  quoteChanged(instrumentId: number): void {
    this.changed.add(instrumentId);
  }

  /** Sends the gathered quotes when the interval has passed; `build` runs only then. */
  publishQuotes(nowMs: number, build: (instrumentIds: number[]) => QuoteUpdate[]): void {
    if (this.changed.size === 0 || nowMs - this.lastQuotesMs < SERVER_LIMITS.marketDayPublishIntervalMs)
      return;
    const ids = [...this.changed];
    this.changed.clear();
    this.lastQuotesMs = nowMs;
    if (!this.publisher.hasSubscribers(TOPIC_MARKET_DAY)) return;
    const updates = build(ids);
    if (updates.length > 0) this.publisher.publish(TOPIC_MARKET_DAY, updates);
  }
}
