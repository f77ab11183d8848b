import { describe, expect, it } from 'vitest';
import { checkLeverage } from './leverage-rule';

describe('leverage', () => {
  it('takes one of the offered values', () => {
    expect(checkLeverage('leveraged', [50, 100], '100')).toEqual({ ok: true, value: 100 });
    expect(checkLeverage('leveraged', [50, 100], 50)).toEqual({ ok: true, value: 50 });
    expect(checkLeverage('leveraged', [50, 100], 75)).toEqual({
      ok: false,
      reason: 'validation.leverage_not_offered',
      params: { options: '50, 100' },
    });
    expect(checkLeverage('leveraged', [50, 100], undefined)).toMatchObject({ ok: false });
    expect(checkLeverage('leveraged', [50, 100], 'x')).toMatchObject({ ok: false });
  });

  it('cannot place an order on a leveraged instrument without options', () => {
    expect(checkLeverage('leveraged', [], 100)).toEqual({
      ok: false,
      reason: 'validation.leverage_not_configured',
      params: {},
    });
  });

  it('ignores leverage on a fixed-margin instrument', () => {
    expect(checkLeverage('fixed', [], 100)).toEqual({ ok: true, value: null });
  });
});
