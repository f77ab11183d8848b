import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, momentOf, NO_MOMENT } from './date-format';

describe('formatDateTime and formatDate', () => {
  const moment = '2026-11-27T10:41:07.000Z';

  beforeAll(() => {
    process.env.TZ = 'UTC';
  });

  it('write the moment in the locale given, to the second', () => {
    expect(formatDateTime(moment, 'en-GB')).toMatch(/27 Nov 2026.*10:41:07/);
    expect(formatDateTime(moment, 'zh-HK')).toMatch(/2026.*11.*27.*10:41:07/);
    expect(formatDateTime(Date.parse(moment), 'en-GB')).toBe(formatDateTime(moment, 'en-GB'));
    expect(formatDateTime(new Date(moment), 'en-GB')).toBe(formatDateTime(moment, 'en-GB'));
    expect(formatDate(moment, 'en-GB')).toBe('27 Nov 2026');
  });

  it('write a dash for no moment and the text for what is not one', () => {
    for (const none of [null, undefined, '', 0]) {
      expect(formatDateTime(none, 'en-GB')).toBe(NO_MOMENT);
      expect(formatDate(none, 'en-GB')).toBe(NO_MOMENT);
    }
    expect(formatDateTime('soon', 'en-GB')).toBe('soon');
  });
});

describe('momentOf', () => {
  it('reads ISO text, Unix ms and dates, and nothing else', () => {
    expect(momentOf('2026-11-27T10:41:07.000Z')?.getTime()).toBe(Date.UTC(2026, 10, 27, 10, 41, 7));
    expect(momentOf(1_000)?.getTime()).toBe(1_000);
    expect(momentOf(0)).toBeUndefined();
    expect(momentOf('soon')).toBeUndefined();
  });
});
