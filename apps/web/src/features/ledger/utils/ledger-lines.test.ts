import type { LedgerLine, LedgerPage } from '@meridian/contract/trading';
import { describe, expect, it } from 'vitest';
import { ledgerLinesOf } from './ledger-lines';

function line(Id: number): LedgerLine {
  return {
    Id,
    Value: '-0.25',
    MemoTran: 'Trading fee',
    CreatedAtTran: '2026-11-21 10:00:00',
    CreatedAt: 0,
    Kind: 'trade_fee',
    BalanceAfter: '100',
    OrderId: 1,
  };
}

function page(ids: number[], number: number, total: number): LedgerPage {
  return { list: ids.map(line), total, page: number, limit: 2 };
}

describe('ledgerLinesOf', () => {
  it('keeps each entry once when new ones pushed older ones onto the next page', () => {
    expect(ledgerLinesOf([page([5, 4], 1, 5), page([4, 3], 2, 5)]).map((entry) => entry.Id)).toEqual([
      5, 4, 3,
    ]);
  });
});
