import type { ForexDetail } from '@meridian/contract/trading';
import { describe, expect, it } from 'vitest';
import type { TradeTotals } from '../stores/order-marks-store';
import { accountFigures } from './account-figures';

const DETAIL: ForexDetail = {
  balance: '99823.003',
  lock_balance: '0',
  margin: '176.49694',
  pending_margin: '0',
  floating_profit: '-0.488800',
  net_value: '99999.011140',
  risk_rate: '56657.64',
  stop_out_level: '50',
  currency: 'USDT',
  is_demo: 1,
};

const PUSH: TradeTotals = {
  all_fact_profits: '-0.782600',
  balance: '0',
  margin: '176.49694',
  net_value: '175.71434',
  risk_rate: '99.55',
  time: 1,
};

describe('accountFigures', () => {
  it("shows the account detail's figures while no position moves", () => {
    expect(accountFigures(DETAIL, null)).toMatchObject({
      balance: '99823.003',
      netValue: '99999.011140',
      riskRate: '56657.64',
    });
    expect(accountFigures(undefined, null)).toBeNull();
  });

  it("takes the push's margin and floating profit with the detail's balance, and adds them up", () => {
    // The engine's cached balance can lag (here it says 0); the figures shown still add up.
    const figures = accountFigures(DETAIL, PUSH);
    expect(figures).toMatchObject({ balance: '99823.003', margin: '176.49694', floating: '-0.782600' });
    expect(figures?.netValue).toBe('99998.71734');
    expect(figures?.riskRate).toBe('56657.47');
  });

  it("falls back on the push's balance until the detail arrives", () => {
    expect(accountFigures(undefined, { ...PUSH, balance: '1000' })?.netValue).toBe('1175.71434');
  });
});
