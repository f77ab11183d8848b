import { describe, expect, it } from 'vitest';
import { nextMarketOpenMs } from './next-open';

describe('nextMarketOpenMs', () => {
  it('is Sunday 22:00 UTC during the weekend close', () => {
    const saturday = Date.UTC(2026, 0, 3, 9, 30);
    expect(new Date(nextMarketOpenMs(saturday) ?? 0).toISOString()).toBe('2026-01-04T22:00:00.000Z');
    const fridayClose = Date.UTC(2026, 0, 2, 22, 0);
    expect(new Date(nextMarketOpenMs(fridayClose) ?? 0).toISOString()).toBe('2026-01-04T22:00:00.000Z');
  });

  it('promises nothing while the session is open', () => {
    expect(nextMarketOpenMs(Date.UTC(2026, 0, 6, 12, 0))).toBeNull();
  });
});
