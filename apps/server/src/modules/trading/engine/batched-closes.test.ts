import type { Order } from '@meridian/contract/trading';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTradingApp } from '../../../../test/app-hooks';
import {
  checkBooks,
  EURUSD,
  midForBid,
  moveTo,
  openedOrder,
  realTrader,
  type Trader,
} from '../../../../test/trading';
import { rowsOf } from '../../../db/migrate';
import type { DomainEvents } from '../../../events';
import { SERVER_LIMITS } from '../../../limits';

/**
 * The stops one quote crosses close in batches (triggers.service `closeByTriggers`), many
 * per transaction. Each close keeps the single close's rules: its ledger entries and execution
 * record in its transaction, the balances right when one account closes several positions at once
 * (negative balance protection included), the events after the commit, and one order that cannot
 * close never keeps the others open.
 */

const SPREAD = '0.00004';
const toBid = (bid: string) => midForBid(bid, SPREAD, 5);

const t = useTradingApp({ midsBefore: 'eachTest' });
const closes: DomainEvents['order.closed'][] = [];
beforeAll(() => {
  t.app.events.on('order.closed', (event) => closes.push(event));
});
beforeEach(() => {
  closes.length = 0;
});

const buy = (trader: Trader, fields: Record<string, unknown>) =>
  openedOrder(t, trader, { cont: '0.01', ...fields });

async function rowOf(orderId: number) {
  const result = await t.database.db.execute(
    `select o.status, o.close_price::text as close, o.close_reason as reason,
       (select count(*)::int from execution_records r where r.order_id = o.id and r.kind = 'stop_loss') as records
     from orders o where o.id = ${orderId}`,
  );
  return rowsOf<{ status: string; close: string | null; reason: string | null; records: number }>(result)[0];
}

describe('stops crossed by one quote', () => {
  it('close together: several accounts, two positions of one account, each at its stop with its record', async () => {
    const [a, b] = [await realTrader(t, '1000'), await realTrader(t, '1000')];
    const orders = [
      await buy(a, { stop_loss_price: '1.08400' }),
      await buy(a, { stop_loss_price: '1.08410' }),
      await buy(b, { stop_loss_price: '1.08420' }),
    ];
    await moveTo(t, EURUSD, toBid('1.08390'));
    for (const [index, order] of orders.entries())
      expect(await rowOf(order.Id)).toMatchObject({
        status: 'closed',
        close: ['1.08400000', '1.08410000', '1.08420000'][index],
        reason: 'stop_loss',
        records: 1,
      });
    // One event per close, after the commit, each with the balance right after its own close.
    expect(closes.map((event) => event.order.id).sort()).toEqual(orders.map((order) => order.Id).sort());
    const booksA = await checkBooks(t, a.accountId);
    const lastOfA = closes.filter((event) => event.order.accountId === a.accountId).at(-1);
    expect(lastOfA?.balance).toBe(booksA.balance);
    await checkBooks(t, b.accountId);
  });

  it('protect a negative balance close by close when one account loses more than it holds on two positions', async () => {
    // Two buys of 0.01 lot at leverage 500: margin 2.17008 and fee 0.07 each, 0.51984 left.
    const trader = await realTrader(t, '5');
    const first = await buy(trader, { multiple: 500, stop_loss_price: '1.08100' });
    const second = await buy(trader, { multiple: 500, stop_loss_price: '1.08100' });
    // A gap to 1.08000: both close at 1.08100, each losing 4.04, more than the margin it frees.
    await moveTo(t, EURUSD, toBid('1.08000'));
    expect((await rowOf(first.Id))?.status).toBe('closed');
    expect((await rowOf(second.Id))?.status).toBe('closed');
    const result = await t.database.db.execute(
      `select count(*)::int as count from ledger_entries where account_id = ${trader.accountId} and kind = 'negative_balance_reset'`,
    );
    expect(Number(rowsOf<{ count: number }>(result)[0]?.count)).toBe(2);
    expect(await checkBooks(t, trader.accountId)).toMatchObject({ balance: '0', liveMargin: '0' });
    expect(closes.map((event) => event.balance)).toEqual(['0', '0']);
  });

  it('close in several batches, two in flight, when they are more than a batch: an account spread over batches ends right', async () => {
    const limits = SERVER_LIMITS as { engineCloseBatchMax: number };
    const batchMax = limits.engineCloseBatchMax;
    // Batches of 2: seven stops of three accounts make four batches, one account's in three of them.
    limits.engineCloseBatchMax = 2;
    try {
      const traders = [await realTrader(t, '1000'), await realTrader(t, '1000'), await realTrader(t, '1000')];
      const orders: Order[] = [];
      for (const [index, trader] of [0, 0, 0, 0, 0, 1, 2].map((n, i) => [i, traders[n] as Trader] as const))
        orders.push(await buy(trader, { stop_loss_price: String((1.084 + index * 0.00001).toFixed(5)) }));
      await moveTo(t, EURUSD, toBid('1.08390'));
      for (const order of orders)
        expect(await rowOf(order.Id)).toMatchObject({ status: 'closed', reason: 'stop_loss', records: 1 });
      expect(closes).toHaveLength(orders.length);
      for (const trader of traders) {
        const books = await checkBooks(t, trader.accountId);
        // The last event of each account carries its balance after all its closes.
        expect(closes.filter((event) => event.order.accountId === trader.accountId).at(-1)?.balance).toBe(
          books.balance,
        );
      }
    } finally {
      limits.engineCloseBatchMax = batchMax;
    }
  });

  it('one order that cannot close does not keep the others open: the batch is tried again close by close', async () => {
    const [good, bad] = [await realTrader(t, '1000'), await realTrader(t, '1000')];
    const kept = [
      await buy(good, { stop_loss_price: '1.08400' }),
      await buy(good, { stop_loss_price: '1.08400' }),
    ];
    const broken = await buy(bad, { stop_loss_price: '1.08400' });
    // The broken order's margin bucket holds less than its margin: releasing it would go below zero,
    // so its close fails (and with it the batch's transaction).
    await t.database.db.execute(
      `insert into ledger_entries (account_id, bucket, order_id, amount, balance_after, kind, memo_key, memo_params, created_at)
       values (${bad.accountId}, 'margin', ${broken.Id}, -1, 9.8504, 'margin_release', 'ledger.margin_release', '{}', now())`,
    );
    await moveTo(t, EURUSD, toBid('1.08390'));
    for (const order of kept) expect(await rowOf(order.Id)).toMatchObject({ status: 'closed', records: 1 });
    expect(await rowOf(broken.Id)).toMatchObject({ status: 'holding', records: 0 });
    await checkBooks(t, good.accountId);
    // The engine reads the failed order back and tries again on the next quote (and fails again).
    await moveTo(t, EURUSD, toBid('1.08380'));
    expect((await rowOf(broken.Id))?.status).toBe('holding');
  });
});
