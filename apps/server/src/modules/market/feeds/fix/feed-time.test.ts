import { describe, expect, it } from 'vitest';
import { feedTimeMs, fixUtcMs, type MdEntry } from './market-data-session';

const entry = (fields: Partial<MdEntry> = {}): MdEntry => ({
  action: '0',
  type: '0',
  price: '1.08500',
  symbol: undefined,
  date: undefined,
  time: undefined,
  ...fields,
});

describe("a FIX quote's own time", () => {
  it('reads UTC dates and times with 0 to 9 decimals, cut to the millisecond', () => {
    expect(fixUtcMs('20261118', 0, '11:59:58', 0)).toBe(Date.parse('2026-11-18T11:59:58Z'));
    expect(fixUtcMs('20261118', 0, '11:59:58.1', 0)).toBe(Date.parse('2026-11-18T11:59:58.100Z'));
    expect(fixUtcMs('20261118', 0, '11:59:58.123456789', 0)).toBe(Date.parse('2026-11-18T11:59:58.123Z'));
    expect(fixUtcMs('20261118-11:59:58.123', 0, '20261118-11:59:58.123', 9)).toBe(
      Date.parse('2026-11-18T11:59:58.123Z'),
    );
  });

  it('refuses what is not a FIX date or time', () => {
    expect(fixUtcMs('2026-11-18', 0, '11:59:58', 0)).toBeUndefined();
    expect(fixUtcMs('20261318', 0, '11:59:58', 0)).toBeUndefined();
    expect(fixUtcMs('20261118', 0, '11.59.58', 0)).toBeUndefined();
    expect(fixUtcMs('20261118', 0, '11:59:5x', 0)).toBeUndefined();
    expect(fixUtcMs('20261118', 0, '11:59:58,123', 0)).toBeUndefined();
  });

  it("takes the first entry's MDEntryDate/MDEntryTime, on SendingTime's date when it has no date", () => {
    const sent = '20261118-12:00:00.500';
    expect(feedTimeMs([entry({ date: '20261117', time: '23:59:59.250' })], sent)).toBe(
      Date.parse('2026-11-17T23:59:59.250Z'),
    );
    expect(feedTimeMs([entry(), entry({ time: '11:59:59.900' })], sent)).toBe(
      Date.parse('2026-11-18T11:59:59.900Z'),
    );
  });

  it('falls back to SendingTime, and to none', () => {
    expect(feedTimeMs([entry()], '20261118-12:00:00.500')).toBe(Date.parse('2026-11-18T12:00:00.500Z'));
    expect(feedTimeMs([entry({ time: 'garbage' })], '20261118-12:00:00')).toBe(
      Date.parse('2026-11-18T12:00:00Z'),
    );
    expect(feedTimeMs([entry()], null)).toBeNull();
    expect(feedTimeMs([entry()], 'yesterday')).toBeNull();
  });
});
