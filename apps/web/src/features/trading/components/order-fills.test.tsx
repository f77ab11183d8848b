import type { ExecutionRecord } from '@meridian/contract/trading';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import en from '../../../locales/en.json';
import { feedSymbol, fillDelayMs, tradedSide } from '../utils/execution-view';
import { FillList } from './order-fills';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(cleanup);

const opened: ExecutionRecord = {
  kind: 'market_open',
  type: 1,
  price: '1.08513000',
  bid: '1.08497000',
  ask: '1.08513000',
  markup_points: 3,
  source: 'primary/fix:EURUSD',
  quoted_at: 1_795_000_000_000,
  feed_at: 1_794_999_999_960,
  requested_at: 1_795_000_000_700,
  filled_at: 1_795_000_000_712,
  trigger_price: null,
  crossing_bid: null,
  crossing_ask: null,
};

const stopped: ExecutionRecord = {
  ...opened,
  kind: 'stop_loss',
  price: '1.08495000',
  bid: '1.08492000',
  ask: '1.08508000',
  source: 'simulator',
  markup_points: 0,
  feed_at: null,
  requested_at: 1_795_000_001_000,
  filled_at: 1_795_000_001_004,
  trigger_price: '1.08495000',
  crossing_bid: '1.08492000',
  crossing_ask: '1.08508000',
};

/** Each fill's rows as label → text. */
function rowsOf(kind: string): Record<string, string> {
  const fill = document.querySelector(`.order-fill[data-kind="${kind}"]`);
  if (!fill) throw new Error(`no ${kind} fill`);
  return Object.fromEntries(
    [...fill.querySelectorAll('.order-fill-row')].map((row) => [
      row.querySelector('dt')?.textContent ?? '',
      row.querySelector('dd')?.textContent ?? '',
    ]),
  );
}

describe('the fill formatting', () => {
  it('takes the ask for a buy open and the bid for its close, the other way for a sell', () => {
    expect(tradedSide({ kind: 'market_open', type: 1 })).toBe('ask');
    expect(tradedSide({ kind: 'pending_fill', type: 2 })).toBe('bid');
    expect(tradedSide({ kind: 'manual_close', type: 1 })).toBe('bid');
    expect(tradedSide({ kind: 'stop_loss', type: 2 })).toBe('ask');
  });

  it('names a real feed by its symbol and the simulator as none', () => {
    expect(feedSymbol('primary/fix:EURUSD')).toBe('EURUSD');
    expect(feedSymbol('secondary/websocket:BTCUSDT')).toBe('BTCUSDT');
    expect(feedSymbol('simulator')).toBeNull();
  });

  it('measures the delay from the request to the fill, never below zero', () => {
    expect(fillDelayMs(opened)).toBe(12);
    expect(fillDelayMs({ requested_at: 10, filled_at: 5 })).toBe(0);
  });
});

describe('the fill list', () => {
  it('shows a market fill with its quote, the taken side in bold, markup, feed symbol and delay', () => {
    render(<FillList records={[opened, stopped]} digits={5} />);
    const kinds = [...document.querySelectorAll('.order-fill-kind')].map((node) => node.textContent);
    expect(kinds).toEqual([en.orders.fills.kind.market_open, en.orders.reason.stop_loss]);
    expect(rowsOf('market_open')).toEqual({
      [en.orders.fills.price]: '1.08513',
      [en.orders.fills.quote]: '1.08497 / 1.08513',
      [en.orders.fills.markup]: '3',
      [en.orders.fills.source]: 'EURUSD',
      [en.orders.fills.delay]: '12 ms',
    });
    const taken = document.querySelector('.order-fill[data-kind="market_open"] .order-fill-taken');
    expect(taken?.textContent).toBe('1.08513');
  });

  it('shows a trigger fill with its trigger price, the crossing quote and simulated prices', () => {
    render(<FillList records={[stopped]} digits={5} />);
    expect(rowsOf('stop_loss')).toEqual({
      [en.orders.fills.price]: '1.08495',
      [en.orders.fills.trigger]: '1.08495',
      [en.orders.fills.crossing]: '1.08492 / 1.08508',
      [en.orders.fills.markup]: '0',
      [en.orders.fills.source]: en.live.simulatedPrices,
      [en.orders.fills.triggerDelay]: '4 ms',
    });
    expect(screen.getByText('1.08492').classList.contains('order-fill-taken')).toBe(true);
  });
});
