import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMarketOpen, marketStatus, nextOpenMs } from './market-session';

const at = (iso: string) => new Date(iso);

describe('weekly session edges', () => {
  // 2026-11-20 is a Friday, 2026-11-22 a Sunday.
  it('is open on Friday at 21:59:59 UTC and closed at 22:00', () => {
    expect(marketStatus('weekly', at('2026-11-20T21:59:59Z'))).toBe(1);
    expect(marketStatus('weekly', at('2026-11-20T22:00:00Z'))).toBe(0);
  });

  it('is closed all Saturday and on Sunday until 22:00 UTC', () => {
    expect(isMarketOpen('weekly', at('2026-11-21T12:00:00Z'))).toBe(false);
    expect(isMarketOpen('weekly', at('2026-11-22T21:59:59Z'))).toBe(false);
    expect(isMarketOpen('weekly', at('2026-11-22T22:00:00Z'))).toBe(true);
  });

  it('is open from Monday to Thursday at any hour', () => {
    for (const day of ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']) {
      expect(isMarketOpen('weekly', at(`${day}T00:00:00Z`))).toBe(true);
      expect(isMarketOpen('weekly', at(`${day}T23:59:59Z`))).toBe(true);
    }
  });

  it('crypto is always open', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          expect(isMarketOpen('always', date)).toBe(true);
        },
      ),
    );
  });

  it('is closed exactly 48 hours a week', () => {
    const weekStart = at('2026-11-16T00:00:00Z').getTime();
    let closedMinutes = 0;
    for (let minute = 0; minute < 7 * 24 * 60; minute += 1) {
      if (!isMarketOpen('weekly', new Date(weekStart + minute * 60_000))) closedMinutes += 1;
    }
    expect(closedMinutes).toBe(48 * 60);
  });
});

describe('next open', () => {
  const ms = (iso: string) => at(iso).getTime();

  it('is now when the market is open', () => {
    expect(nextOpenMs('weekly', ms('2026-11-20T21:59:59Z'))).toBe(ms('2026-11-20T21:59:59Z'));
    expect(nextOpenMs('always', ms('2026-11-21T12:00:00Z'))).toBe(ms('2026-11-21T12:00:00Z'));
  });

  it('is Sunday 22:00 UTC from any closed moment of the weekend', () => {
    for (const closed of ['2026-11-20T22:00:00Z', '2026-11-21T00:00:00Z', '2026-11-22T21:59:59Z']) {
      expect(nextOpenMs('weekly', ms(closed))).toBe(ms('2026-11-22T22:00:00Z'));
    }
  });

  it('is always open and never earlier than asked, at any moment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: ms('2000-01-01T00:00:00Z'), max: ms('2100-01-01T00:00:00Z') }),
        (time) => {
          const open = nextOpenMs('weekly', time);
          expect(open).toBeGreaterThanOrEqual(time);
          expect(open - time).toBeLessThanOrEqual(48 * 3_600_000);
          expect(isMarketOpen('weekly', new Date(open))).toBe(true);
        },
      ),
    );
  });
});
