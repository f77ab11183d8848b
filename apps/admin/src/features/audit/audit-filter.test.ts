import { describe, expect, it } from 'vitest';
import { auditFilterOf, changesOf } from './audit-filter';

describe('auditFilterOf', () => {
  const current = { page: 4, limit: 50, sort: 'at', order: 'asc' as const, action: 'old' };

  it('asks from the first page with the form and the days, keeping the page size and the sort', () => {
    expect(
      auditFilterOf(
        { staff_id: 7, action: ' funds.approve ', target: ' deposit:41 ', kind: 'change' },
        current,
        { from: '2026-11-01', to: '2026-11-27' },
      ),
    ).toEqual({
      page: 1,
      limit: 50,
      sort: 'at',
      order: 'asc',
      staff_id: 7,
      action: 'funds.approve',
      target: 'deposit:41',
      kind: 'change',
      from: '2026-11-01',
      to: '2026-11-27',
    });
  });

  it('drops blank texts and earlier filters the form no longer holds', () => {
    const filter = auditFilterOf({ action: '   ', target: '' }, current, {});
    expect(filter.action).toBeUndefined();
    expect(filter.target).toBeUndefined();
    expect(filter.staff_id).toBeUndefined();
    expect(filter.from).toBeUndefined();
  });
});

describe('changesOf', () => {
  it('makes a row per field of either side, marking those that read differently', () => {
    expect(changesOf({ spread: '1', enabled: true }, { spread: '2', enabled: true, pip: '0.1' })).toEqual([
      { field: 'spread', before: '1', after: '2', changed: true },
      { field: 'enabled', before: true, after: true, changed: false },
      { field: 'pip', before: undefined, after: '0.1', changed: true },
    ]);
  });

  it('makes one row of values that are not records', () => {
    expect(changesOf('admin', 'finance')).toEqual([
      { field: '-', before: 'admin', after: 'finance', changed: true },
    ]);
    expect(changesOf(undefined, undefined)).toEqual([
      { field: '-', before: undefined, after: undefined, changed: false },
    ]);
  });
});
