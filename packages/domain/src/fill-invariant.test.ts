import { describe, expect, it } from 'vitest';
import {
  expectedFillPrice,
  FILL_KINDS,
  type FillKind,
  type FillRecord,
  fillFollowsQuote,
  quoteReachesTrigger,
} from './fill-invariant';
import { closePrice, openPrice } from './fill-price';
import type { Side } from './side';

const quote = { bid: '1.08496', ask: '1.08504' };
const record = (kind: FillKind, side: Side, fields: Partial<FillRecord> = {}): FillRecord => ({
  kind,
  side,
  price: '0',
  ...quote,
  triggerPrice: null,
  crossingBid: null,
  crossingAsk: null,
  ...fields,
});

describe('the fill invariant', () => {
  it('expects a market fill at the side fill-price.ts trades: opens at openPrice, closes at closePrice', () => {
    const opens: FillKind[] = ['market_open', 'copy_open'];
    const closes: FillKind[] = ['manual_close', 'stop_out', 'copy_close', 'copy_stopped', 'demo_reset'];
    for (const side of ['buy', 'sell'] as const) {
      for (const kind of opens) expect(expectedFillPrice(record(kind, side))).toBe(openPrice(side, quote));
      for (const kind of closes) expect(expectedFillPrice(record(kind, side))).toBe(closePrice(side, quote));
    }
    expect(FILL_KINDS).toHaveLength(opens.length + closes.length + 3);
  });

  it('holds for a fill at its side, whatever the decimal places, and not one point off', () => {
    expect(fillFollowsQuote(record('market_open', 'buy', { price: '1.08504000' }))).toBe(true);
    expect(fillFollowsQuote(record('manual_close', 'buy', { price: '1.08496' }))).toBe(true);
    expect(fillFollowsQuote(record('manual_close', 'sell', { price: '1.08504' }))).toBe(true);
    expect(fillFollowsQuote(record('market_open', 'buy', { price: '1.08505' }))).toBe(false);
    // The feed's quote without the markup, or the wrong side: refused.
    expect(fillFollowsQuote(record('market_open', 'sell', { price: '1.08504' }))).toBe(false);
  });

  it('expects a trigger fill at its trigger, reached by the crossing quote in its direction', () => {
    const crossed = (kind: FillKind, side: Side, trigger: string, bid: string, ask: string) =>
      fillFollowsQuote(
        record(kind, side, { price: trigger, triggerPrice: trigger, crossingBid: bid, crossingAsk: ask }),
      );
    // A buy's stop-loss: the bid at or below it; a sell's: the ask at or above it.
    expect(crossed('stop_loss', 'buy', '1.08300', '1.08290', '1.08298')).toBe(true);
    expect(crossed('stop_loss', 'buy', '1.08300', '1.08300', '1.08308')).toBe(true);
    expect(crossed('stop_loss', 'buy', '1.08300', '1.08301', '1.08309')).toBe(false);
    expect(crossed('stop_loss', 'sell', '1.08700', '1.08695', '1.08703')).toBe(true);
    expect(crossed('stop_loss', 'sell', '1.08700', '1.08690', '1.08699')).toBe(false);
    // Take-profits the other way.
    expect(crossed('take_profit', 'buy', '1.08700', '1.08710', '1.08718')).toBe(true);
    expect(crossed('take_profit', 'buy', '1.08700', '1.08690', '1.08698')).toBe(false);
    expect(crossed('take_profit', 'sell', '1.08300', '1.08280', '1.08290')).toBe(true);
    // A buy limit fills when the ask falls to it, a sell limit when the bid rises to it.
    expect(crossed('pending_fill', 'buy', '1.08400', '1.08382', '1.08390')).toBe(true);
    expect(crossed('pending_fill', 'buy', '1.08400', '1.08402', '1.08410')).toBe(false);
    expect(crossed('pending_fill', 'sell', '1.08600', '1.08610', '1.08618')).toBe(true);
  });

  it('refuses a trigger fill away from its trigger, or without a trigger or crossing quote', () => {
    const base = { triggerPrice: '1.08300', crossingBid: '1.08290', crossingAsk: '1.08298' };
    expect(fillFollowsQuote(record('stop_loss', 'buy', { ...base, price: '1.08290' }))).toBe(false);
    expect(expectedFillPrice(record('stop_loss', 'buy', { ...base, price: '1.08290' }))).toBe('1.08300');
    expect(fillFollowsQuote(record('stop_loss', 'buy', { price: '1.08300' }))).toBe(false);
    expect(
      fillFollowsQuote(record('stop_loss', 'buy', { ...base, crossingBid: null, price: '1.08300' })),
    ).toBe(false);
  });
});

describe('a quote reaching a trigger', () => {
  const quote = { bid: '1.08500', ask: '1.08510' };
  it('fires a buy stop-loss when the bid falls to it, a sell stop-loss when the ask rises to it', () => {
    expect(quoteReachesTrigger('stop_loss', 'buy', '1.08500', quote)).toBe(true);
    expect(quoteReachesTrigger('stop_loss', 'buy', '1.08499', quote)).toBe(false);
    expect(quoteReachesTrigger('stop_loss', 'sell', '1.08510', quote)).toBe(true);
    expect(quoteReachesTrigger('stop_loss', 'sell', '1.08511', quote)).toBe(false);
  });

  it('fires a take-profit the other way, and a buy limit when the ask falls to its target', () => {
    expect(quoteReachesTrigger('take_profit', 'buy', '1.08500', quote)).toBe(true);
    expect(quoteReachesTrigger('take_profit', 'buy', '1.08501', quote)).toBe(false);
    expect(quoteReachesTrigger('take_profit', 'sell', '1.08509', quote)).toBe(false);
    expect(quoteReachesTrigger('pending_fill', 'buy', '1.08510', quote)).toBe(true);
    expect(quoteReachesTrigger('pending_fill', 'sell', '1.08501', quote)).toBe(false);
  });
});
