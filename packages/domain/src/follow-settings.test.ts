import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFollowSettings } from './follow-settings';

const LIMITS = { ratioMin: '0.01', ratioMax: '100', amountMin: '10', amountMax: '10000000' };

describe('checkFollowSettings', () => {
  it('accepts a ratio follow and keeps its ratio, amount and stop', () => {
    const result = checkFollowSettings(
      { mode: 'ratio', ratio: '0.5', amount: '1000', stopLossPercent: '25.5' },
      LIMITS,
    );
    expect(result).toEqual({
      ok: true,
      value: { mode: 'ratio', ratio: '0.5', amount: '1000', stopLossPercent: '25.5' },
    });
  });

  it('drops the ratio of an amount follow and reads a missing stop as none', () => {
    const result = checkFollowSettings(
      { mode: 'amount', ratio: '3', amount: '500', stopLossPercent: undefined },
      LIMITS,
    );
    expect(result).toEqual({
      ok: true,
      value: { mode: 'amount', ratio: null, amount: '500', stopLossPercent: '0' },
    });
  });

  it('needs a ratio in ratio mode', () => {
    expect(
      checkFollowSettings({ mode: 'ratio', ratio: '', amount: '100', stopLossPercent: '0' }, LIMITS),
    ).toMatchObject({
      ok: false,
      reason: 'validation.copy_ratio_required',
    });
  });

  it('refuses values just outside each bound and accepts the bounds themselves', () => {
    const at = (ratio: string, amount: string, stop: string) =>
      checkFollowSettings({ mode: 'ratio', ratio, amount, stopLossPercent: stop }, LIMITS);
    expect(at('0.01', '10', '100').ok).toBe(true);
    expect(at('100', '10000000', '0').ok).toBe(true);
    expect(at('0.009', '10', '0')).toMatchObject({ reason: 'validation.copy_ratio_range' });
    expect(at('100.01', '10', '0')).toMatchObject({ reason: 'validation.copy_ratio_range' });
    expect(at('1', '9.99', '0')).toMatchObject({ reason: 'validation.copy_amount_range' });
    expect(at('1', '10000000.01', '0')).toMatchObject({ reason: 'validation.copy_amount_range' });
    expect(at('1', '10', '100.01')).toMatchObject({ reason: 'validation.copy_stop_loss_range' });
  });

  it('accepts exactly the stop percentages from 0 to 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 20_000 }), (hundredths) => {
        const stop = (hundredths / 100).toFixed(2);
        const result = checkFollowSettings(
          { mode: 'amount', ratio: undefined, amount: '100', stopLossPercent: stop },
          LIMITS,
        );
        expect(result.ok).toBe(hundredths >= 0 && hundredths <= 10_000);
      }),
    );
  });
});
