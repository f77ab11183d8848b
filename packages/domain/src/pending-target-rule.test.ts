import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from './money';
import { checkPendingTarget } from './pending-target-rule';
import type { Side } from './side';

const quote = { bid: '1.08496', ask: '1.08504' };
const check = (side: Side, target: string | number) =>
  checkPendingTarget({ side, target, quote, pricePrecision: 5 });

describe('pending order target', () => {
  it('a buy target must be below the ask: equal is refused, one tick below is accepted', () => {
    expect(check('buy', '1.08504')).toEqual({
      ok: false,
      reason: 'validation.target_buy_below_ask',
      params: { price: '1.08504' },
    });
    expect(check('buy', '1.08505')).toMatchObject({ ok: false, reason: 'validation.target_buy_below_ask' });
    expect(check('buy', '1.08503')).toEqual({ ok: true, value: '1.08503' });
    // Below the ask but above the bid is still below the price a buy fills at.
    expect(check('buy', '1.085')).toEqual({ ok: true, value: '1.08500' });
  });

  it('a sell target must be above the bid: equal is refused, one tick above is accepted', () => {
    expect(check('sell', '1.08496')).toMatchObject({ ok: false, reason: 'validation.target_sell_above_bid' });
    expect(check('sell', '1.08495')).toMatchObject({ ok: false, reason: 'validation.target_sell_above_bid' });
    expect(check('sell', '1.08497')).toEqual({ ok: true, value: '1.08497' });
  });

  it('refuses a target that is not a positive price at the precision', () => {
    expect(check('buy', '0')).toMatchObject({ ok: false, reason: 'validation.target_positive' });
    expect(check('buy', '-1')).toMatchObject({ ok: false, reason: 'validation.target_positive' });
    expect(check('buy', '')).toMatchObject({ ok: false, reason: 'validation.price_invalid' });
    expect(check('buy', '1.084999')).toEqual({
      ok: false,
      reason: 'validation.price_precision',
      params: { places: '5' },
    });
  });

  it('refuses a target outside the band around the price it waits on, ends included', () => {
    // A buy waits on the ask 1.08504 (band 0.01086 to 108.50400), a sell on the bid 1.08496.
    expect(check('buy', '0.01085')).toEqual({
      ok: false,
      reason: 'validation.price_out_of_band',
      params: { min: '0.01086', max: '108.50400' },
    });
    expect(check('buy', '0.01086')).toEqual({ ok: true, value: '0.01086' });
    expect(check('sell', '108.49600')).toEqual({ ok: true, value: '108.49600' });
    expect(check('sell', '108.49601')).toMatchObject({
      reason: 'validation.price_out_of_band',
      params: { min: '0.01085', max: '108.49600' },
    });
    expect(check('sell', '1000000000000000')).toMatchObject({ reason: 'validation.price_out_of_band' });
  });

  it('accepts a buy exactly below the ask and a sell exactly above the bid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Side>('buy', 'sell'),
        // From 0.011 (just inside the band's low end, the price / 100) to 3.
        fc.integer({ min: 1_100, max: 300_000 }),
        (side, ticks) => {
          const target = toDecimal(ticks).div(100_000);
          const result = check(side, target.toFixed(5));
          const expected = side === 'buy' ? target.lt(quote.ask) : target.gt(quote.bid);
          expect(result.ok).toBe(expected);
        },
      ),
    );
  });
});
