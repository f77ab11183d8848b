import type { ForexTradePush } from '@meridian/contract/trading';
import { afterEach, describe, expect, it } from 'vitest';
import { applyTradePush, useOrderMarksStore } from './order-marks-store';

function push(time: number, orders: [number, string, string][]): ForexTradePush {
  return {
    orders: orders.map(([Id, FactProfits, UpdatePrice]) => ({ Id, ForexId: 13, FactProfits, UpdatePrice })),
    all_fact_profits: '0',
    balance: '1000',
    margin: '100',
    net_value: '1100',
    risk_rate: '1100.00',
    time,
  };
}

afterEach(() => useOrderMarksStore.getState().clear());

describe('applyTradePush', () => {
  it('holds each order the push lists, and drops the ones it no longer lists (closed)', () => {
    const first = applyTradePush(
      { marks: {}, totals: null },
      push(1, [
        [1, '1.5', '100'],
        [2, '-2', '50'],
      ]),
    );
    expect(Object.keys(first.marks)).toEqual(['1', '2']);
    const second = applyTradePush(first, push(2, [[1, '1.6', '101']]));
    expect(second.marks[1]?.FactProfits).toBe('1.6');
    expect(second.marks[2]).toBeUndefined();
    expect(second.totals?.net_value).toBe('1100');
  });

  it('keeps the identity of a mark that did not move, so its row does not re-render', () => {
    const first = applyTradePush(
      { marks: {}, totals: null },
      push(1, [
        [1, '1.5', '100'],
        [2, '-2', '50'],
      ]),
    );
    const second = applyTradePush(
      first,
      push(2, [
        [1, '1.5', '100'],
        [2, '-3', '49'],
      ]),
    );
    expect(second.marks[1]).toBe(first.marks[1]);
    expect(second.marks[2]).not.toBe(first.marks[2]);
  });

  it('ignores a push older than the figures held', () => {
    const newer = applyTradePush({ marks: {}, totals: null }, push(5, [[1, '2', '100']]));
    expect(applyTradePush(newer, push(4, [[1, '1', '99']]))).toBe(newer);
  });
});

describe('useOrderMarksStore', () => {
  it('forgets a closed order and the totals that counted it', () => {
    const store = useOrderMarksStore.getState();
    store.apply(
      push(1, [
        [1, '1', '100'],
        [2, '2', '100'],
      ]),
    );
    store.forget(1);
    expect(useOrderMarksStore.getState().marks[1]).toBeUndefined();
    expect(useOrderMarksStore.getState().marks[2]).toBeDefined();
    expect(useOrderMarksStore.getState().totals).toBeNull();
  });
});
