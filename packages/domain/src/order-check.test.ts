import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOrder, firstRefusal, type OrderCheckInput } from './order-check';

// EURUSD-like terms: bid 1.08500, ask 1.08510, lots from 0.01 to 100 in steps of 0.01.
const order = (change: Partial<OrderCheckInput> = {}): OrderCheckInput => ({
  side: 'buy',
  entry: 'market',
  marginMode: 'leveraged',
  leverages: [10, 50, 100],
  leverage: 100,
  lots: '0.1',
  lotsLimits: { minLots: '0.01', maxLots: '100', pip: '0.01' },
  target: undefined,
  stopLoss: '',
  takeProfit: '',
  quote: { bid: '1.08500', ask: '1.08510' },
  pricePrecision: 5,
  ...change,
});

describe('the order check', () => {
  it('accepts a market buy at the ask, its stops against the bid it would close at', () => {
    const check = checkOrder(order({ stopLoss: '1.08000', takeProfit: '1.09000' }));
    expect(firstRefusal(check)).toBeUndefined();
    expect(check.opensAt).toBe('1.08510');
    expect(check.currentPrice).toBe('1.08500');
    expect(check.stops?.both).toEqual({ ok: true, value: { stopLoss: '1.08000', takeProfit: '1.09000' } });
  });

  it('refuses in the order a customer fixes them: leverage, lots, target, stops', () => {
    const everythingWrong = order({
      entry: 'pending',
      leverage: 7,
      lots: '0.001',
      target: '1.09000',
      stopLoss: '1.10000',
    });
    expect(firstRefusal(checkOrder(everythingWrong))?.reason).toBe('validation.leverage_not_offered');
    expect(firstRefusal(checkOrder({ ...everythingWrong, leverage: 10 }))?.reason).toBe(
      'validation.lots_below_minimum',
    );
    expect(firstRefusal(checkOrder({ ...everythingWrong, leverage: 10, lots: '1' }))).toEqual({
      ok: false,
      reason: 'validation.target_buy_below_ask',
      params: { price: '1.08510', field: 'target_price' },
    });
    expect(
      firstRefusal(checkOrder({ ...everythingWrong, leverage: 10, lots: '1', target: '1.08000' }))?.reason,
    ).toBe('validation.stop_loss_buy_below');
  });

  it('asks for a pending order target, and checks a pending order stops against its target alone', () => {
    expect(firstRefusal(checkOrder(order({ entry: 'pending', target: '' })))).toEqual({
      ok: false,
      reason: 'validation.target_required',
      params: {},
    });
    const pending = checkOrder(order({ entry: 'pending', target: '1.08000', stopLoss: '1.07900' }));
    expect(firstRefusal(pending)).toBeUndefined();
    expect(pending.opensAt).toBe('1.08000');
    expect(pending.currentPrice).toBeNull();
  });

  it('takes no leverage on a fixed-margin instrument, whatever is sent', () => {
    const check = checkOrder(order({ marginMode: 'fixed', leverages: [], leverage: 'x' }));
    expect(check.leverage).toEqual({ ok: true, value: null });
    expect(firstRefusal(check)).toBeUndefined();
  });

  it('without a price checks what it can: no open price, no target or stops checked', () => {
    const check = checkOrder(order({ quote: null, entry: 'pending', target: '1.08000', stopLoss: '9' }));
    expect(check.opensAt).toBeNull();
    expect(check.target).toBeNull();
    expect(check.stops).toBeNull();
    expect(firstRefusal(check)).toBeUndefined();
  });

  it('the stops pass together exactly when each passes alone, so the form and the server agree', () => {
    const stop = fc.oneof(
      fc.constant(''),
      fc.constant('0'),
      fc.constant('words'),
      fc.integer({ min: -200, max: 2200 }).map((ticks) => (1.07 + ticks / 100_000).toFixed(5)),
      fc.integer({ min: 1, max: 2000 }).map((ticks) => (1.07 + ticks / 1_000_000).toFixed(6)),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.constantFrom('market' as const, 'pending' as const),
        stop,
        stop,
        (side, entry, stopLoss, takeProfit) => {
          const target = side === 'buy' ? '1.08000' : '1.09000';
          const check = checkOrder(order({ side, entry, target, stopLoss, takeProfit }));
          const stops = check.stops;
          expect(stops).not.toBeNull();
          if (!stops) return;
          expect(stops.both.ok).toBe(stops.stopLoss.ok && stops.takeProfit.ok);
          // The server's refusal is one of the fields' own when the stops are what is wrong.
          if (!stops.both.ok) {
            const own = [stops.stopLoss, stops.takeProfit].filter((result) => !result.ok);
            expect(own.map((result) => !result.ok && result.reason)).toContain(stops.both.reason);
          }
        },
      ),
    );
  });
});
