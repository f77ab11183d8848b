import type { StaffInstrument, StaffInstrumentList } from '@meridian/contract/instruments-staff';
import type { Instrument } from '@meridian/contract/market';
import type { ForexClosedPush } from '@meridian/contract/trading';
import { quoteFromMid } from '@meridian/domain/quote';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { EURUSD_MID, useTradingApp } from '../../../test/app-hooks';
import { auditActions, type StaffLogin } from '../../../test/funds';
import { isPush, socketUrl, TestSocket } from '../../../test/socket';
import { adminCall, staffSession } from '../../../test/staff';
import {
  BTCUSDT,
  demoTrader,
  EURUSD,
  EURUSD_BUY,
  moveTo,
  submit,
  type Trader,
  trade,
} from '../../../test/trading';
import { rowsOf } from '../../db/migrate';

const USOIL = 24;

// The prices the tests' figures are written at, whatever an earlier test (in any order) moved.
const t = useTradingApp({ mids: { [EURUSD]: EURUSD_MID, [BTCUSDT]: '95000.00' }, midsBefore: 'eachTest' });
let admin: StaffLogin;
let trader: Trader;

type StoredRow = Record<string, string | number | boolean | number[] | null>;

async function storedInstrument(id: number): Promise<StoredRow> {
  const result = await t.database.db.execute(
    `select spread::text, enabled, leverages, min_lots::text, max_lots::text, pip::text, fee_rate::text,
       price_precision, session, feed_symbol, markup_points, base_price::text, updated_at::text from instruments where id = ${Number(id)}`,
  );
  const row = rowsOf<StoredRow>(result)[0];
  if (!row) throw new Error(`no instrument ${id}`);
  return row;
}

async function orderStatus(id: number): Promise<string | undefined> {
  const result = await t.database.db.execute(`select status from orders where id = ${Number(id)}`);
  return rowsOf<{ status: string }>(result)[0]?.status;
}

async function auditEntries(action: string) {
  const result = await t.database.db.execute(
    `select staff_id, target, details from audit_log where action = '${action}' order by id`,
  );
  return rowsOf<{ staff_id: number; target: string; details: Record<string, unknown> }>(result);
}

async function update(fields: Record<string, unknown>, lang = 'en') {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/admin/api/instruments/update',
    headers: { lang, authorization: admin.token, 'x-forwarded-for': '10.9.8.7' },
    payload: fields as Record<string, string>,
  });
  return answer.json() as { code: number; msg: string; data: StaffInstrument };
}

async function tradeList(): Promise<Instrument[]> {
  const answer = await call<Instrument[]>(t, 'GET', '/v1/api/forex/trade_list');
  return answer.data;
}

/** An edit that must be refused with nothing written: the row and the audit log stay as they were. */
async function refused(fields: Record<string, unknown>, lang = 'en'): Promise<string> {
  const id = Number(fields.id ?? EURUSD);
  const before = await storedInstrument(id).catch(() => undefined);
  const audits = (await auditEntries('instruments.update')).length;
  const answer = await update(fields, lang);
  expect(answer.code, JSON.stringify(fields)).toBe(0);
  if (before) expect(await storedInstrument(id)).toEqual(before);
  expect((await auditEntries('instruments.update')).length).toBe(audits);
  return answer.msg;
}

beforeAll(async () => {
  admin = await staffSession(t, 'admin', 'Ada Admin');
  trader = await demoTrader(t);
});

describe('GET /admin/api/instruments', () => {
  it('lists every instrument, enabled or not, with its terms, its category and its live quote', async () => {
    await t.database.db.execute(`update instruments set enabled = false where id = ${USOIL}`);
    const answer = await adminCall<StaffInstrumentList>(t, 'GET', '/admin/api/instruments', {}, admin.token);
    await t.database.db.execute(`update instruments set enabled = true where id = ${USOIL}`);
    expect(answer.code).toBe(1);
    expect(answer.data.categories.map((category) => category.name)).toEqual([
      'Forex',
      'Crypto',
      'Metals',
      'Energy',
      'Indices',
    ]);
    expect(answer.data.list).toHaveLength(32);
    expect(answer.data.list.find((row) => row.id === USOIL)?.enabled).toBe(false);
    expect(answer.data.list.find((row) => row.id === EURUSD)).toMatchObject({
      code: 'EURUSD',
      spread: '0.00004',
      leverages: [50, 100, 200, 500],
      min_lots: '0.01',
      max_lots: '50',
      pip: '0.01',
      fee_rate: '7',
      price_precision: 5,
      session: 'weekly',
      live_orders: 0,
      ...quoteFromMid('1.08500', '0.00004', 5),
    });
  });

  it('is refused to a role without instruments.edit, and to no session', async () => {
    const finance = await staffSession(t, 'finance');
    expect((await adminCall(t, 'GET', '/admin/api/instruments', {}, finance.token)).code).toBe(0);
    expect(
      (await adminCall(t, 'POST', '/admin/api/instruments/update', { id: EURUSD, spread: '0.01' })).code,
    ).not.toBe(1);
    expect((await storedInstrument(EURUSD)).spread).toBe('0.00004000');
  });
});

describe('POST /admin/api/instruments/update', () => {
  it('widens the spread: the next quote, the trade list and a fill use it at once, audited with before and after', async () => {
    const answer = await update({ id: EURUSD, spread: '0.001' });
    expect(answer.code).toBe(1);
    expect(answer.data.spread).toBe('0.001');
    const wide = quoteFromMid('1.08500', '0.001', 5);
    expect(t.app.market.quote(EURUSD)).toEqual(wide);
    expect(answer.data).toMatchObject(wide);
    const listed = (await tradeList()).find((row) => row.Id === EURUSD);
    expect(listed?.Spread).toBe('0.001');
    expect(listed?.ForexQuotations).toMatchObject({ Bid: wide.bid, Ask: wide.ask });
    const order = await submit(t, trader, EURUSD_BUY);
    expect(order.code).toBe(1);
    expect(order.data.OriginPrice).toBe(wide.ask);
    expect((await trade(t, trader, 'close', { id: order.data.Id })).code).toBe(1);

    const entries = await auditEntries('instruments.update');
    expect(entries.at(-1)).toMatchObject({
      staff_id: admin.id,
      target: `instrument:${EURUSD}`,
      details: { code: 'EURUSD', before: { spread: '0.00004' }, after: { spread: '0.001' } },
    });
    expect(await auditActions(t, admin.id)).toContain('instruments.update');
    expect((await update({ id: EURUSD, spread: '0.00004' })).code).toBe(1);
    expect(t.app.market.quote(EURUSD)).toEqual(quoteFromMid('1.08500', '0.00004', 5));
  });

  it('changes the lots, the step, the leverage choices and the fee rate: the next order is checked and charged by them', async () => {
    const answer = await update({
      id: EURUSD,
      min_lots: '0.1',
      max_lots: '2',
      pip: '0.1',
      leverages: [30, 10],
      fee_rate: '3',
    });
    expect(answer.code).toBe(1);
    expect(answer.data).toMatchObject({ min_lots: '0.1', max_lots: '2', pip: '0.1', leverages: [10, 30] });
    const tooSmall = await submit(t, trader, { ...EURUSD_BUY, cont: '0.05', multiple: 10 });
    expect(tooSmall).toMatchObject({ code: 0, msg: 'The lots must be at least 0.1.' });
    const tooLarge = await submit(t, trader, { ...EURUSD_BUY, cont: '2.5', multiple: 10 });
    expect(tooLarge).toMatchObject({ code: 0, msg: 'The lots must be at most 2.' });
    const offStep = await submit(t, trader, { ...EURUSD_BUY, cont: '0.15', multiple: 10 });
    expect(offStep).toMatchObject({ code: 0, msg: 'The lots must be a multiple of 0.1.' });
    const oldLeverage = await submit(t, trader, { ...EURUSD_BUY, cont: '0.5', multiple: 100 });
    expect(oldLeverage.code).toBe(0);
    expect(oldLeverage.msg).toContain('10, 30');
    const order = await submit(t, trader, { ...EURUSD_BUY, cont: '0.5', multiple: 30 });
    expect(order.code).toBe(1);
    // trade_fee_type 1: 3 USDT per lot x 0.5 lots.
    expect(Number(order.data.TradeFee)).toBe(1.5);
    expect((await trade(t, trader, 'close', { id: order.data.Id })).code).toBe(1);
    const entry = (await auditEntries('instruments.update')).at(-1);
    expect(entry?.details).toMatchObject({
      before: {
        min_lots: '0.01',
        max_lots: '50',
        pip: '0.01',
        leverages: [50, 100, 200, 500],
        fee_rate: '7',
      },
      after: { min_lots: '0.1', max_lots: '2', pip: '0.1', leverages: [10, 30], fee_rate: '3' },
    });
    const restored = await update({
      id: EURUSD,
      min_lots: '0.01',
      max_lots: '50',
      pip: '0.01',
      leverages: [50, 100, 200, 500],
      fee_rate: '7',
    });
    expect(restored.code).toBe(1);
  });

  it('refuses bad terms with a clear message and writes nothing', async () => {
    expect(await refused({ id: EURUSD, spread: '0.2' })).toBe('Spread must be from 0 to 0.1.');
    expect(await refused({ id: EURUSD, spread: '-0.001' })).toBe(
      'Spread must be a plain number of 0 or more, with at most 8 decimal places.',
    );
    expect(await refused({ id: EURUSD, spread: '0.000000001' })).toContain('at most 8 decimal places');
    expect(await refused({ id: EURUSD, spread: '1e-3' })).toContain('plain number');
    expect(await refused({ id: EURUSD, spread: 'wide' })).toContain('plain number');
    expect(await refused({ id: EURUSD, min_lots: '0' })).toBe(
      'Minimum lots must be greater than 0 and at most 10000.',
    );
    expect(await refused({ id: EURUSD, max_lots: '10001' })).toBe(
      'Maximum lots must be greater than 0 and at most 10000.',
    );
    expect(await refused({ id: EURUSD, pip: '0' })).toContain('Lot step must be greater than 0');
    expect(await refused({ id: EURUSD, fee_rate: '100001' })).toBe('Fee rate must be from 0 to 100000.');
    expect(await refused({ id: EURUSD, min_lots: '60' })).toBe(
      'The minimum lots (60) cannot be above the maximum lots (50).',
    );
    expect(await refused({ id: EURUSD, min_lots: '0.015' })).toBe(
      'The minimum and maximum lots must be whole multiples of the lot step 0.01.',
    );
    expect(await refused({ id: EURUSD, pip: '0.03' })).toContain('whole multiples of the lot step 0.03');
    const leverages = 'Leverage choices must be 1 to 10 different whole numbers from 1 to 1000.';
    expect(await refused({ id: EURUSD, leverages: [] })).toBe(leverages);
    expect(await refused({ id: EURUSD, leverages: [10, 10] })).toBe(leverages);
    expect(await refused({ id: EURUSD, leverages: [1.5] })).toBe(leverages);
    expect(await refused({ id: EURUSD, leverages: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] })).toBe(leverages);
    expect(await refused({ id: EURUSD, leverages: [0] })).toContain('at least 1');
    expect(await refused({ id: EURUSD, leverages: [1001] })).toContain('at most 1000');
    expect(await refused({ id: EURUSD, leverages: '100' })).toBe(leverages);
    expect(await refused({ id: EURUSD, price_precision: 9 })).toContain('at most 8');
    expect(await refused({ id: EURUSD, price_precision: -1 })).toContain('at least 0');
    expect(await refused({ id: EURUSD, session: 'daily' })).toBe(
      'Trading session is not one of the allowed values.',
    );
    expect(await refused({ id: EURUSD, enabled: 'maybe' })).toContain('not one of the allowed values');
    expect(await refused({ id: EURUSD, spread: '0.00004' })).toBe(
      'Nothing to change: the new value is the one in force.',
    );
    expect(await refused({ id: 999_999, spread: '0.001' })).toBe('This instrument does not exist.');
    expect(await refused({ spread: '0.001' })).toBe('Item is required.');
  });

  it('has no field for a price: a base price, a price or a candle sent along is dropped, never written', async () => {
    const before = await storedInstrument(EURUSD);
    const quote = t.app.market.quote(EURUSD);
    const msg = await refused({ id: EURUSD, base_price: '2.00000', price: '2.00000', close: '2.00000' });
    expect(msg).toBe('Nothing to change: the new value is the one in force.');
    const answer = await update({ id: EURUSD, spread: '0.0001', base_price: '2.00000', last_price: '2' });
    expect(answer.code).toBe(1);
    expect((await storedInstrument(EURUSD)).base_price).toBe(before.base_price);
    expect(t.app.market.quotation(EURUSD, t.clock.now().getTime())?.Close).toBe('1.08500');
    expect(t.app.market.quote(EURUSD)).not.toEqual(quote);
    expect((await update({ id: EURUSD, spread: '0.00004' })).code).toBe(1);
  });

  it('refuses a precision or session change while orders are live on the instrument, in the staff member’s language', async () => {
    const order = await submit(t, trader, {
      type: 1,
      status: 1,
      cont: '0.01',
      forex_id: BTCUSDT,
      multiple: 10,
    });
    expect(order.code).toBe(1);
    const msg = await refused({ id: BTCUSDT, price_precision: 3 }, 'hk');
    expect(msg).toBe(
      '只有在此商品沒有持倉或掛單時才能變更價格精度與交易時段（目前有 1 筆）：這些訂單是按現行價格與交易時間下單的。請待它們平倉後再試。',
    );
    expect(await refused({ id: BTCUSDT, session: 'weekly' })).toContain('(1 now)');
    const listed = await adminCall<StaffInstrumentList>(t, 'GET', '/admin/api/instruments', {}, admin.token);
    expect(listed.data.list.find((row) => row.id === BTCUSDT)?.live_orders).toBe(1);
    // The spread is not among them: it may change under live orders.
    expect((await update({ id: BTCUSDT, spread: '0.0003' })).code).toBe(1);
    expect((await trade(t, trader, 'close', { id: order.data.Id })).code).toBe(1);
    expect((await update({ id: BTCUSDT, spread: '0.0002' })).code).toBe(1);
  });

  it('changes the precision once no order is live: quotes, the trade list, orders, charts and closed pushes use it without a restart', async () => {
    const answer = await update({ id: BTCUSDT, price_precision: 1 });
    expect(answer.code).toBe(1);
    expect(t.app.market.quote(BTCUSDT)).toEqual(quoteFromMid('95000.00', '0.0002', 1));
    await moveTo(t, BTCUSDT, '95012.3');
    const listed = (await tradeList()).find((row) => row.Id === BTCUSDT);
    expect(listed?.PricePrecision).toBe(1);
    expect(listed?.ForexQuotations.Close).toBe('95012.3');
    const candles = await call<{ Close: string }[]>(t, 'GET', '/v1/api/forex/kline', {
      forex_id: BTCUSDT,
      period: '1M',
    });
    expect(candles.data.at(-1)?.Close).toBe('95012.3');
    const order = await submit(t, trader, {
      type: 1,
      status: 0,
      cont: '0.01',
      forex_id: BTCUSDT,
      multiple: 10,
      target_price: '90000.05',
    });
    expect(order).toMatchObject({ code: 0, msg: 'Target price can have at most 1 decimal places.' });
    // The trigger engine indexes the new precision: a pending order at one place fills when crossed.
    const pending = await submit(t, trader, {
      type: 1,
      status: 0,
      cont: '0.01',
      forex_id: BTCUSDT,
      multiple: 10,
      target_price: '94990.5',
    });
    expect(pending.code).toBe(1);
    await expect
      .poll(async () => {
        await moveTo(t, BTCUSDT, '94950.0');
        return orderStatus(pending.data.Id);
      })
      .toBe('holding');
    // The owner's closed push formats its price with the new precision too.
    const socket = await TestSocket.open(await socketUrl(t));
    try {
      expect(await socket.request({ type: 'login', params: { token: trader.token } })).toMatchObject({
        code: 1,
      });
      expect(await socket.request({ type: 'sub', params: { topic: 'forex.closed' } })).toMatchObject({
        code: 1,
      });
      expect((await trade(t, trader, 'close', { id: pending.data.Id })).code).toBe(1);
      const closed = (await socket.next(isPush('forex.closed'))) as { data: ForexClosedPush };
      expect(closed.data.Id).toBe(pending.data.Id);
      expect(closed.data.ClosePrice).toMatch(/^\d+\.\d$/);
    } finally {
      socket.close();
    }
    expect((await update({ id: BTCUSDT, price_precision: 2 })).code).toBe(1);
  });

  it('changes the session: a weekly market opens at the weekend once it trades always, and closes again', async () => {
    const saturday = new Date('2026-11-21T12:00:00Z');
    const wednesday = t.clock.now();
    t.clock.set(saturday);
    // A staff session idles out after 30 minutes: the weekend needs a fresh sign-in.
    admin = await staffSession(t, 'admin', 'Ada Admin');
    try {
      await t.app.market.tick();
      const closed = (await tradeList()).find((row) => row.Id === EURUSD);
      expect(closed?.MarketStatus).toBe(0);
      expect((await submit(t, trader, EURUSD_BUY)).code).toBe(0);
      expect((await update({ id: EURUSD, session: 'always' })).code).toBe(1);
      expect((await tradeList()).find((row) => row.Id === EURUSD)?.MarketStatus).toBe(1);
      const order = await submit(t, trader, EURUSD_BUY);
      expect(order.code).toBe(1);
      expect((await trade(t, trader, 'close', { id: order.data.Id })).code).toBe(1);
      // The trigger engine takes the new session too: a pending order fills at the weekend.
      const pending = await submit(t, trader, { ...EURUSD_BUY, status: 0, target_price: '1.08400' });
      expect(pending.code).toBe(1);
      await expect
        .poll(async () => {
          await moveTo(t, EURUSD, '1.08350');
          return orderStatus(pending.data.Id);
        })
        .toBe('holding');
      expect((await trade(t, trader, 'close', { id: pending.data.Id })).code).toBe(1);
      await moveTo(t, EURUSD, '1.08500');
      expect((await update({ id: EURUSD, session: 'weekly' })).code).toBe(1);
      expect((await tradeList()).find((row) => row.Id === EURUSD)?.MarketStatus).toBe(0);
    } finally {
      // A minute past where it was: the weekend's tick finished the minute each instrument was in,
      // and the live market ignores a tick stamped in a finished minute (a clock set back exactly
      // would leave every later tick of that minute unapplied, whichever test runs next).
      t.clock.set(new Date(wednesday.getTime() + 60_000));
      await t.app.market.tick();
      admin = await staffSession(t, 'admin', 'Ada Admin');
    }
  });

  it('disables an instrument: it leaves the lists and takes no new order; enabling it brings it back', async () => {
    expect((await update({ id: EURUSD, enabled: false })).code).toBe(1);
    expect((await tradeList()).some((row) => row.Id === EURUSD)).toBe(false);
    expect((await submit(t, trader, EURUSD_BUY)).code).toBe(0);
    expect((await storedInstrument(EURUSD)).enabled).toBe(false);
    expect((await update({ id: EURUSD, enabled: '1' })).code).toBe(1);
    expect((await tradeList()).some((row) => row.Id === EURUSD)).toBe(true);
    const order = await submit(t, trader, EURUSD_BUY);
    expect(order.code).toBe(1);
    // Not left live: a live order bars the session and precision changes other tests make.
    expect((await trade(t, trader, 'close', { id: order.data.Id })).code).toBe(1);
  });
});
