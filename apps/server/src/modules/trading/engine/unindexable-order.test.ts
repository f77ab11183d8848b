import type { Order } from '@meridian/contract/trading';
import { asOrderId } from '@meridian/domain/ids';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { useTradingApp } from '../../../../test/app-hooks';
import { serviceContext } from '../../../../test/staff';
import {
  BTCUSDT,
  checkBooks,
  midForBid,
  moveTo,
  realTrader,
  submit,
  type Trader,
} from '../../../../test/trading';
import { rowsOf } from '../../../db/migrate';
import { readOrder } from '../triggers.service';
import { TradingEngine } from './engine';

/**
 * A stored trigger price the index cannot key (above 2^53 / 10^precision) made
 * the engine's rebuild throw, so the node never started, and made its order listener fail, so the
 * order went unwatched. The price rule now refuses such prices, but rows written before it (or by
 * hand) must not poison the engine: the bad trigger is left out and reported, the order's other
 * triggers are watched, and the order still counts for stop-out.
 */
const INDEX_BREAKER = '1000000000000000';
// BTC/USDT: precision 2, spread 0.0002 each side of the mid.
const toBid = (bid: string) => midForBid(bid, '0.0002', 2);

type LoggedError = { orderId?: number; kind?: string; price?: string };

/** A logger that keeps what the engine reports as errors. */
function recordingLog(): { log: FastifyBaseLogger; errors: LoggedError[] } {
  const errors: LoggedError[] = [];
  const quiet = () => {};
  const log = {
    level: 'error',
    error: (object: LoggedError) => errors.push(object),
    fatal: quiet,
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, errors };
}

// Mid 95000.00: bid 94981.00, ask 95019.00.
const t = useTradingApp({ mids: { [BTCUSDT]: '95000.00' } });
let engine: TradingEngine;
const { log, errors } = recordingLog();
afterAll(async () => {
  await engine?.stop();
});

async function place(trader: Trader, fields: Record<string, unknown>): Promise<Order> {
  const answer = await submit(t, trader, { type: 1, status: 1, forex_id: BTCUSDT, ...fields });
  expect(answer.msg).toBe('Success');
  return answer.data;
}

async function stored(orderId: number) {
  const result = await t.database.db.execute(
    `select status, close_reason as reason from orders where id = ${orderId}`,
  );
  return rowsOf<{ status: string; reason: string | null }>(result)[0];
}

describe('an order the engine cannot index', () => {
  it('does not stop the engine from starting: reported, its valid stop watched, counted for stop-out', async () => {
    const small = await realTrader(t, '100000');
    const leveraged = await realTrader(t, '2000');
    await t.app.engine.stop();
    const withStop = await place(small, { cont: '0.01', multiple: 2, stop_loss_price: '94000.00' });
    // 1 lot at leverage 50: margin 1900.38, fee 25, so the balance is 74.62 and net value
    // 1975 + (bid - 95019): half the margin (950.19) at the bid 93994.19.
    const atRisk = await place(leveraged, { cont: '1', multiple: 50 });
    // Written past the service, as a row stored before the price rule bounded it would be.
    await t.database.db.execute(
      `update orders set take_profit = ${INDEX_BREAKER} where id in (${withStop.Id}, ${atRisk.Id})`,
    );

    engine = new TradingEngine(serviceContext(t), log, { autoStart: false });
    await engine.start();
    expect(engine.isActive).toBe(true);
    expect(engine.stats()).toMatchObject({ liveOrders: 2, triggers: 1, unindexableTriggers: 2 });
    for (const order of [withStop, atRisk])
      expect(errors).toContainEqual(
        expect.objectContaining({
          orderId: order.Id,
          kind: 'takeProfit',
          price: `${INDEX_BREAKER}.00000000`,
        }),
      );

    await moveTo(t, BTCUSDT, toBid('94000.00'));
    expect(await stored(withStop.Id)).toEqual({ status: 'closed', reason: 'stop_loss' });
    expect(await stored(atRisk.Id)).toEqual({ status: 'holding', reason: null });
    await moveTo(t, BTCUSDT, toBid('93990.00'));
    expect(await stored(atRisk.Id)).toEqual({ status: 'closed', reason: 'stop_out' });
    await checkBooks(t, small.accountId);
    await checkBooks(t, leveraged.accountId);
  });

  it('keeps an order whose change it cannot index in its figures, its other stop still watched', async () => {
    const trader = await realTrader(t, '100000');
    const order = await place(trader, {
      cont: '0.01',
      multiple: 2,
      stop_loss_price: '90000.00',
      target_profit_price: '100000.00',
    });
    const before = engine.stats();
    const record = await readOrder(serviceContext(t), asOrderId(order.Id));
    if (!record) throw new Error('the order was not stored');
    // An order event carrying a take-profit the index cannot key (no rule lets one through now).
    t.app.events.emit('order.stops_changed', {
      order: { ...record, takeProfit: INDEX_BREAKER, version: record.version + 1 },
    });
    expect(errors).toContainEqual(expect.objectContaining({ orderId: order.Id, kind: 'takeProfit' }));
    expect(engine.stats()).toMatchObject({
      liveOrders: before.liveOrders,
      triggers: before.triggers - 1,
      unindexableTriggers: before.unindexableTriggers + 1,
    });
    await moveTo(t, BTCUSDT, toBid('90000.00'));
    expect(await stored(order.Id)).toEqual({ status: 'closed', reason: 'stop_loss' });
    await checkBooks(t, trader.accountId);
  });
});
