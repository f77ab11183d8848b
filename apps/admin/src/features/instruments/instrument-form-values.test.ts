import type { StaffInstrument } from '@meridian/contract/instruments-staff';
import { describe, expect, it } from 'vitest';
import { changesOf, formValuesOf, MARKUP, TERM } from './instrument-form-values';

/** The terms the form edits as the server sends them. */
const TERMS = {
  enabled: true,
  spread: '0.00012',
  min_lots: '0.01',
  max_lots: '50',
  pip: '0.0001',
  fee_rate: '0.0005',
  price_precision: 5,
  session: 'weekly',
} as const;

const EURUSD: StaffInstrument = {
  ...TERMS,
  id: 3,
  code: 'EURUSD',
  show_code: 'EUR/USD',
  category_id: 1,
  quote_currency: 'USD',
  units_per_lot: '100000',
  margin_mode: 2,
  leverages: [50, 100],
  feed_symbol: null,
  markup_points: 0,
  live_orders: 0,
  bid: '',
  ask: '',
  updated_at: '2026-11-27T10:41:07.000Z',
};

describe('formValuesOf', () => {
  it('holds the terms as the form edits them: leverages and markup as text, no symbol as empty', () => {
    expect(formValuesOf(EURUSD)).toEqual({
      ...TERMS,
      leverages: ['50', '100'],
      feed_symbol: '',
      markup_points: '0',
    });
  });
});

describe('changesOf', () => {
  it('sends nothing when nothing changed, spaces aside', () => {
    const values = { ...formValuesOf(EURUSD), spread: ' 0.00012 ', feed_symbol: '  ' };
    expect(changesOf(EURUSD, values)).toEqual({});
  });

  it('sends only what changed, in the request shapes', () => {
    const values = {
      ...formValuesOf(EURUSD),
      enabled: false,
      max_lots: '20 ',
      leverages: ['200', '50', '100'],
      price_precision: 4,
      session: 'always' as const,
      feed_symbol: ' EURUSD.fx ',
      markup_points: '3',
    };
    expect(changesOf(EURUSD, values)).toEqual({
      enabled: false,
      max_lots: '20',
      leverages: [50, 100, 200],
      price_precision: 4,
      session: 'always',
      feed_symbol: 'EURUSD.fx',
      markup_points: 3,
    });
  });

  it('takes leverages in any order as the same set', () => {
    expect(changesOf(EURUSD, { ...formValuesOf(EURUSD), leverages: ['100', '50'] })).toEqual({});
  });

  it('sends an emptied feed symbol as empty text (none)', () => {
    const withSymbol = { ...EURUSD, feed_symbol: 'EURUSD.fx' };
    expect(changesOf(withSymbol, { ...formValuesOf(withSymbol), feed_symbol: '' })).toEqual({
      feed_symbol: '',
    });
  });
});

describe('the term patterns', () => {
  it('take plain decimals of up to 8 places and whole markups', () => {
    expect(TERM.test('0.00012')).toBe(true);
    expect(TERM.test('1.123456789')).toBe(false);
    expect(TERM.test('-1')).toBe(false);
    expect(MARKUP.test('15')).toBe(true);
    expect(MARKUP.test('1.5')).toBe(false);
  });
});
