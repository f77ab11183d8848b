import type { QuoteToAccountRate } from '@meridian/domain/conversion';
import { closePrice } from '@meridian/domain/fill-price';
import { asAccountId, asOrderId, asUserId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import { floatingProfit } from '@meridian/domain/profit';
import { quoteFromMid } from '@meridian/domain/quote';
import { asLots, asPrice } from '@meridian/domain/trade-values';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../events';
import { PositionBook } from './position-book';

const AT = new Date('2026-11-18T12:00:00Z');

function record(
  fields: Partial<Omit<OrderRecord, 'id'>> &
    Pick<OrderRecord, 'side' | 'lots' | 'openPrice'> & { id: number },
): OrderRecord {
  return {
    userId: asUserId(7),
    accountId: asAccountId(70),
    instrumentId: 3,
    entryType: 'market',
    status: 'holding',
    leverage: 100,
    unitsPerLot: '100000',
    originPrice: fields.openPrice ?? '1',
    targetPrice: null,
    closePrice: null,
    margin: '100',
    fee: '0',
    stopLoss: null,
    takeProfit: null,
    realisedProfit: null,
    closeReason: null,
    idempotencyKey: null,
    followId: null,
    sourceOrderId: null,
    createdAt: AT,
    openedAt: AT,
    closedAt: null,
    updatedAt: AT,
    version: 0,
    ...fields,
    id: asOrderId(fields.id),
  };
}

const position = fc.record({
  side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
  lots: fc.integer({ min: 1, max: 500 }).map((hundredths) => (hundredths / 100).toFixed(2)),
  open: fc.integer({ min: 140_000, max: 160_000 }).map((thousandths) => (thousandths / 1000).toFixed(3)),
});

describe('PositionBook', () => {
  it("marks an account's exposure within half a millionth per position of the sum of the domain's rounded profits", () => {
    const rates: QuoteToAccountRate[] = [
      { kind: 'same' },
      { kind: 'divide', price: asPrice('151.234') },
      { kind: 'multiply', price: asPrice('1.08512') },
    ];
    fc.assert(
      fc.property(
        fc.array(position, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 140_000, max: 160_000 }),
        fc.constantFrom(...rates),
        (positions, mid, rate) => {
          const book = new PositionBook();
          for (const [index, item] of positions.entries())
            book.apply(record({ id: index + 1, side: item.side, lots: item.lots, openPrice: item.open }));
          book.setBalance(asAccountId(70), '1000');
          const quote = quoteFromMid((mid / 1000).toFixed(3), '0.0001', 3);
          const [account] = book.mark(3, quote, rate);
          if (!account) throw new Error('not marked');
          let rounded = toDecimal(0);
          for (const item of positions)
            rounded = rounded.plus(
              floatingProfit({
                side: item.side,
                openPrice: asPrice(item.open),
                markPrice: closePrice(item.side, quote),
                lots: asLots(item.lots),
                unitsPerLot: '100000',
                quoteToAccountRate: rate,
              }),
            );
          const equity = book.equityOf(account);
          const expected = toDecimal(1000).plus(toDecimal(100).times(positions.length)).plus(rounded);
          expect(equity?.minus(expected).abs().lte(toDecimal('0.0000005').times(positions.length))).toBe(
            true,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('forgets a position once it ends, and an ended order never comes back from a late event', () => {
    const book = new PositionBook();
    book.apply(record({ id: 1, side: 'buy', lots: '1', openPrice: '150.000' }));
    book.apply(record({ id: 2, side: 'sell', lots: '1', openPrice: '150.000' }));
    book.setBalance(asAccountId(70), '500');
    const account = book.accountOfUser(asUserId(7));
    expect(account?.positionMargin.toFixed()).toBe('200');
    book.apply(record({ id: 1, side: 'buy', lots: '1', openPrice: '150.000', status: 'closed', version: 1 }));
    expect(account?.positionMargin.toFixed()).toBe('100');
    expect(book.isOutdated({ id: asOrderId(1), version: 0 })).toBe(true);
    book.apply(
      record({ id: 2, side: 'sell', lots: '1', openPrice: '150.000', status: 'closed', version: 1 }),
    );
    expect(book.accountOfUser(asUserId(7))).toBeUndefined();
    expect(book.mark(3, { bid: '149.000', ask: '149.010' }, { kind: 'same' })).toEqual([]);
  });

  it("keeps an account's balance when its only live order is applied again (stops changed)", () => {
    const book = new PositionBook();
    book.apply(record({ id: 5, side: 'buy', lots: '1', openPrice: '150.000' }));
    book.setBalance(asAccountId(70), '99822.45');
    book.apply(
      record({ id: 5, side: 'buy', lots: '1', openPrice: '150.000', stopLoss: '140.000', version: 1 }),
    );
    const account = book.accountOfUser(asUserId(7));
    expect(account?.balance?.toFixed()).toBe('99822.45');
    expect(account?.liveOrders).toBe(1);
    expect(account?.positionMargin.toFixed()).toBe('100');
  });
});
