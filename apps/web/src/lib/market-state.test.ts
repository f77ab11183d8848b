import { describe, expect, it } from 'vitest';
import { pricesPausedOf, statusReasonOf } from './market-state';

describe('market state', () => {
  it('reads MarketStatus 0 without a reason (a server older than the status reasons) as closed', () => {
    expect(statusReasonOf(0, undefined)).toBe('closed');
    expect(statusReasonOf(0, null)).toBe('closed');
    expect(statusReasonOf(0, 'stale')).toBe('stale');
    expect(statusReasonOf(1, 'stale')).toBeNull();
  });

  it('pauses prices for a stale, missing or refused feed symbol, not for the hours', () => {
    expect(pricesPausedOf('stale')).toBe('stale');
    expect(pricesPausedOf('no_symbol')).toBe('unquoted');
    expect(pricesPausedOf('rejected')).toBe('unquoted');
    expect(pricesPausedOf('closed')).toBeNull();
    expect(pricesPausedOf(null)).toBeNull();
  });
});
