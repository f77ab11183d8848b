import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from './money';
import type { Side } from './side';
import { checkStops, type StopText } from './stop-rule';
import { asPrice } from './trade-values';

// A buy opened at 1.08504 now closes at the bid 1.08600; a sell opened at 1.08496 closes at the ask.
const buy = (stopLoss: StopText, takeProfit: StopText, current: string | null = '1.08600') =>
  checkStops({
    side: 'buy',
    openPrice: asPrice('1.08504'),
    currentPrice: current === null ? null : asPrice(current),
    stopLoss,
    takeProfit,
    pricePrecision: 5,
  });
const sell = (stopLoss: StopText, takeProfit: StopText, current: string | null = '1.08400') =>
  checkStops({
    side: 'sell',
    openPrice: asPrice('1.08496'),
    currentPrice: current === null ? null : asPrice(current),
    stopLoss,
    takeProfit,
    pricePrecision: 5,
  });

describe('stop-loss and take-profit', () => {
  it('reads 0, empty and absent as unset', () => {
    expect(buy('0', 0)).toEqual({ ok: true, value: { stopLoss: null, takeProfit: null } });
    expect(sell('', undefined)).toEqual({ ok: true, value: { stopLoss: null, takeProfit: null } });
    expect(buy(null, '0.00000')).toEqual({ ok: true, value: { stopLoss: null, takeProfit: null } });
  });

  it('refuses a negative price, words and too many places, naming the field', () => {
    expect(buy('-0.1', '0')).toEqual({
      ok: false,
      reason: 'validation.stop_price_negative',
      params: { field: 'stop_loss_price' },
    });
    expect(buy('0', 'x')).toMatchObject({
      reason: 'validation.price_invalid',
      params: { field: 'target_profit_price' },
    });
    expect(buy('1.000001', '0')).toMatchObject({ reason: 'validation.price_precision' });
  });

  it('buy: stop-loss strictly below both open and current, take-profit strictly above both', () => {
    // Lower of open 1.08504 and current 1.08600 is the open.
    expect(buy('1.08504', 0)).toMatchObject({
      ok: false,
      reason: 'validation.stop_loss_buy_below',
      params: { price: '1.08504' },
    });
    expect(buy('1.08503', 0)).toEqual({ ok: true, value: { stopLoss: '1.08503', takeProfit: null } });
    expect(buy('1.08505', 0)).toMatchObject({ ok: false });
    // Higher is the current bid.
    expect(buy(0, '1.08600')).toMatchObject({
      ok: false,
      reason: 'validation.take_profit_buy_above',
      params: { price: '1.08600' },
    });
    expect(buy(0, '1.08601')).toEqual({ ok: true, value: { stopLoss: null, takeProfit: '1.08601' } });
    expect(buy(0, '1.08599')).toMatchObject({ ok: false });
    // When the bid has fallen below the open, the bid bounds the stop-loss.
    expect(buy('1.08400', 0, '1.08400')).toMatchObject({ ok: false, params: { price: '1.08400' } });
    expect(buy('1.08399', 0, '1.08400')).toMatchObject({ ok: true });
  });

  it('sell: stop-loss strictly above both, take-profit strictly below both', () => {
    expect(sell('1.08496', 0)).toMatchObject({
      ok: false,
      reason: 'validation.stop_loss_sell_above',
      params: { price: '1.08496' },
    });
    expect(sell('1.08497', 0)).toMatchObject({ ok: true });
    expect(sell('1.08495', 0)).toMatchObject({ ok: false });
    expect(sell(0, '1.08400')).toMatchObject({
      ok: false,
      reason: 'validation.take_profit_sell_below',
      params: { price: '1.08400' },
    });
    expect(sell(0, '1.08399')).toMatchObject({ ok: true });
    expect(sell(0, '1.08401')).toMatchObject({ ok: false });
  });

  it('a pending order checks its stops against its target only', () => {
    // Target 1.08504 for a buy: a take-profit of 1.08550 is fine even though the bid is higher now.
    expect(buy('1.08000', '1.08550', null)).toEqual({
      ok: true,
      value: { stopLoss: '1.08000', takeProfit: '1.08550' },
    });
  });

  it('refuses a stop outside the band around the current price (the target when pending), ends included', () => {
    // Current bid 1.08600: the band is 0.01086 to 108.60000.
    expect(buy('0.01085', 0)).toEqual({
      ok: false,
      reason: 'validation.price_out_of_band',
      params: { field: 'stop_loss_price', min: '0.01086', max: '108.60000' },
    });
    expect(buy('0.01086', '108.60000')).toEqual({
      ok: true,
      value: { stopLoss: '0.01086', takeProfit: '108.60000' },
    });
    expect(buy(0, '108.60001')).toMatchObject({
      reason: 'validation.price_out_of_band',
      params: { field: 'target_profit_price' },
    });
    // The finding's take-profit, and a sell's stop-loss that lies on its right side but far away.
    expect(buy(0, '1000000000000000')).toMatchObject({ reason: 'validation.price_out_of_band' });
    expect(sell('1000000000000000', 0)).toMatchObject({
      reason: 'validation.price_out_of_band',
      params: { field: 'stop_loss_price', min: '0.01084', max: '108.40000' },
    });
    // A pending buy's target 1.08504: its band is 0.01086 to 108.50400.
    expect(buy(0, '108.50401', null)).toMatchObject({
      reason: 'validation.price_out_of_band',
      params: { min: '0.01086', max: '108.50400' },
    });
  });

  it('accepts a price exactly when it lies strictly on its side of open and current', () => {
    // Prices from 0.5 to 2 and stops from 0.02 to 2: every stop is inside the band (current / 100 to
    // current x 100), so only the side decides.
    const price = fc.integer({ min: 50_000, max: 200_000 }).map((ticks) => toDecimal(ticks).div(100_000));
    const stop = fc.integer({ min: 2_000, max: 200_000 }).map((ticks) => toDecimal(ticks).div(100_000));
    fc.assert(
      fc.property(
        fc.constantFrom<Side>('buy', 'sell'),
        price,
        price,
        stop,
        stop,
        (side, open, current, stopLoss, takeProfit) => {
          const result = checkStops({
            side,
            openPrice: asPrice(open.toFixed(5)),
            currentPrice: asPrice(current.toFixed(5)),
            stopLoss: stopLoss.toFixed(5),
            takeProfit: takeProfit.toFixed(5),
            pricePrecision: 5,
          });
          const low = open.lt(current) ? open : current;
          const high = open.gt(current) ? open : current;
          const expected =
            side === 'buy'
              ? stopLoss.lt(low) && takeProfit.gt(high)
              : stopLoss.gt(high) && takeProfit.lt(low);
          expect(result.ok).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
