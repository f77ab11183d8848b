import type { Order } from '@meridian/contract/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../../test/app';
import {
  BTCUSDT,
  checkBooks,
  countEntries,
  countOrders,
  createTradingApp,
  demoTrader,
  moveTo,
  realTrader,
  type Trader,
  type TradingApp,
} from '../../../test/trading';
import { rowsOf } from '../../db/migrate';

/**
 * A price the engine cannot index (above 2^53 / 10^precision) or the
 * numeric(30, 8) columns cannot hold was accepted (code 1) or answered HTTP 500. Every price is now
 * bounded by one domain rule (a band around the current price) and every number text by the
 * contract, so these are refusals: code 0, a message in the reader's language, nothing written.
 */
let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
  // BTC/USDT (precision 2, spread 0.0002): mid 95000.00, bid 94981.00, ask 95019.00.
  await moveTo(t, BTCUSDT, '95000.00');
});
afterAll(async () => {
  await t.close();
});

/** The demo visitor's order of the finding: 0.01 lot of BTC/USDT at leverage 2. */
const BUY = { type: 1, status: 1, cont: '0.01', forex_id: BTCUSDT, multiple: 2 };
const INDEX_BREAKER = '1000000000000000';

type Answer = { status: number; code: number; msg: string; data: unknown };

/** A trading call as form fields (as the finding sent it) or JSON, with its HTTP status kept. */
async function post(
  trader: Trader,
  path: 'submit' | 'set_stop_price',
  fields: Record<string, unknown>,
  options: { lang?: string; form?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { lang: options.lang ?? 'en', authorization: trader.token };
  let payload: string | Record<string, string>;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(
      Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
    ).toString();
  } else {
    payload = fields as Record<string, string>;
  }
  const response = await t.app.inject({ method: 'POST', url: `/v1/api/forex/${path}`, headers, payload });
  return { status: response.statusCode, ...body(response) };
}

/** Proves a refused call answered code 0 over HTTP 200 and wrote nothing: same orders, same ledger. */
async function refusal(trader: Trader, action: () => Promise<Answer>): Promise<string> {
  const orders = await countOrders(t);
  const entries = await countEntries(t, trader.accountId);
  const books = await checkBooks(t, trader.accountId);
  const answer = await action();
  expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: 0 });
  expect(await countOrders(t)).toBe(orders);
  expect(await countEntries(t, trader.accountId)).toBe(entries);
  expect(await checkBooks(t, trader.accountId)).toEqual(books);
  return answer.msg;
}

async function storedStops(orderId: number) {
  const result = await t.database.db.execute(
    `select stop_loss::text as stop_loss, take_profit::text as take_profit from orders where id = ${orderId}`,
  );
  return rowsOf<{ stop_loss: string | null; take_profit: string | null }>(result)[0];
}

describe('a price outside the band around the current price', () => {
  it("refuses the finding's take-profit of 1000000000000000, in the reader's language, and writes nothing", async () => {
    const visitor = await demoTrader(t);
    const submit = (lang: string) => () =>
      post(visitor, 'submit', { ...BUY, target_profit_price: INDEX_BREAKER }, { lang, form: true });
    // A buy is watched at the bid 94981.00: the band is 949.81 to 9498100.00.
    expect(await refusal(visitor, submit('en'))).toBe('Take-profit must be between 949.81 and 9,498,100.00.');
    expect(await refusal(visitor, submit('de'))).toBe(
      'Take-Profit muss zwischen 949,81 und 9.498.100,00 liegen.',
    );
  });

  it('refuses a stop-loss, a pending target and a take-profit beyond the band, at each end', async () => {
    const trader = await realTrader(t, '100000');
    const refused = (fields: Record<string, unknown>) =>
      refusal(trader, () => post(trader, 'submit', { ...BUY, ...fields }));
    // A sell's stop-loss lies above: only the band stops it from reaching the index's limit.
    expect(await refused({ type: 2, stop_loss_price: INDEX_BREAKER })).toBe(
      'Stop-loss must be between 950.19 and 9,501,900.00.',
    );
    // A pending sell's target lies above the bid, a pending buy's below the ask.
    expect(await refused({ type: 2, status: 0, target_price: INDEX_BREAKER })).toBe(
      'Target price must be between 949.81 and 9,498,100.00.',
    );
    expect(await refused({ status: 0, target_price: '949.80' })).toBe(
      'Target price must be between 950.19 and 9,501,900.00.',
    );
    // A pending order's stops are banded around its target.
    expect(await refused({ status: 0, target_price: '90000.00', target_profit_price: '9000000.01' })).toBe(
      'Take-profit must be between 900.00 and 9,000,000.00.',
    );
    expect(await refused({ type: 2, target_profit_price: '950.18' })).toBe(
      'Take-profit must be between 950.19 and 9,501,900.00.',
    );
    // The ends themselves are inside.
    const edge = await post(trader, 'submit', {
      ...BUY,
      stop_loss_price: '949.81',
      target_profit_price: '9498100.00',
    });
    expect(edge.msg).toBe('Success');
  });

  it('refuses set_stop_price beyond the band and keeps the stored stops', async () => {
    const trader = await realTrader(t, '100000');
    const opened = await post(trader, 'submit', { ...BUY, stop_loss_price: '90000.00' });
    const order = opened.data as Order;
    expect(
      await refusal(trader, () =>
        post(trader, 'set_stop_price', { id: order.Id, target_profit_price: INDEX_BREAKER }),
      ),
    ).toBe('Take-profit must be between 949.81 and 9,498,100.00.');
    expect(
      await refusal(trader, () => post(trader, 'set_stop_price', { id: order.Id, stop_loss_price: '0.01' })),
    ).toBe('Stop-loss must be between 949.81 and 9,498,100.00.');
    expect(await storedStops(order.Id)).toEqual({ stop_loss: '90000.00000000', take_profit: null });
  });
});

describe('a number text the columns cannot hold', () => {
  const HUGE = ['1e22', '1e308', '123456789012345678901234567890', 'Infinity', 'NaN', '-Infinity', '0x10'];

  it('answers code 0 with a clear message, never HTTP 500, in every price, lots and leverage field', async () => {
    const trader = await realTrader(t, '100000');
    for (const text of HUGE) {
      for (const field of ['target_profit_price', 'stop_loss_price', 'cont', 'multiple']) {
        const msg = await refusal(trader, () => post(trader, 'submit', { ...BUY, [field]: text }));
        expect(msg, `${field} = ${text}`).toMatch(/plain number|too many digits/);
      }
      const pending = await refusal(trader, () =>
        post(trader, 'submit', { ...BUY, type: 2, status: 0, target_price: text }, { form: true }),
      );
      expect(pending, `target_price = ${text}`).toMatch(/plain number|too many digits/);
    }
    // A JSON number is read by its text: 1e308 arrives as "1e+308".
    expect(await refusal(trader, () => post(trader, 'submit', { ...BUY, target_profit_price: 1e308 }))).toBe(
      'Take-profit must be a plain number, such as 1.25.',
    );
    expect(await refusal(trader, () => post(trader, 'submit', { ...BUY, target_profit_price: '1e22' }))).toBe(
      'Take-profit must be a plain number, such as 1.25.',
    );
    expect(
      await refusal(trader, () =>
        post(trader, 'submit', { ...BUY, target_profit_price: '123456789012345678901234567890' }),
      ),
    ).toBe('Take-profit has too many digits.');
    expect(await refusal(trader, () => post(trader, 'submit', { ...BUY, cont: '0.000000001' }))).toBe(
      'Lots has too many digits.',
    );
    const order = (await post(trader, 'submit', BUY)).data as Order;
    for (const text of HUGE)
      await refusal(trader, () =>
        post(trader, 'set_stop_price', { id: order.Id, target_profit_price: text }),
      );
  });
});
