import type { StaffInstrument } from '@meridian/contract/instruments-staff';
import type { Instrument } from '@meridian/contract/market';
import type { ForexClosedPush } from '@meridian/contract/trading';
import { toDecimal } from '@meridian/domain/money';
import { quoteFromMid } from '@meridian/domain/quote';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { createTestClock, type TestApp } from '../../../test/app';
import { ManualFeed } from '../../../test/manual-feed';
import { startTestNodes, type TestNodes } from '../../../test/nodes';
import { expectContractPush } from '../../../test/pushes';
import { isPush, socketUrl, TestSocket } from '../../../test/socket';
import { adminCall, staffSession } from '../../../test/staff';
import { demoTrader, EURUSD, EURUSD_BUY, submit, trade } from '../../../test/trading';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';

const NGAS = 26;
const clock = createTestClock(new Date('2026-11-18T12:00:00Z'));

let installation: TestNodes;
let leader: TestApp;
let other: TestApp;
let feeds: ManualFeed[];

beforeAll(async () => {
  // Several nodes need PostgreSQL and Redis (the machine's, as in CI), whatever engine the run's
  // other tests use. Natural gas starts disabled, so enabling it must bring it into the live market.
  feeds = [new ManualFeed(clock), new ManualFeed(clock)];
  installation = await startTestNodes(2, {
    postgres: true,
    prepare: async (database) => {
      await database.db.execute(sql`update instruments set enabled = false where code = 'NGAS'`);
    },
    node: (index) => ({ clock, market: { autoStart: false, backfill: false, feed: feeds[index] } }),
  });
  [leader, other] = installation.nodes as [TestApp, TestApp];
  (feeds[0] as ManualFeed).set(EURUSD, '1.08500');
  await leader.app.market.tick();
  for (
    let attempt = 0;
    attempt < 100 && other.app.market.quote(EURUSD)?.bid !== leader.app.market.quote(EURUSD)?.bid;
    attempt += 1
  ) {
    await other.app.market.tick();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

afterAll(async () => {
  await installation?.close();
});

describe('an instrument edit with several nodes', () => {
  it('applies at once on the node that took it, and on the others with their terms refresh', async () => {
    const staff = await staffSession(other, 'admin');
    const answer = await adminCall<StaffInstrument>(
      other,
      'POST',
      '/admin/api/instruments/update',
      { id: EURUSD, spread: '0.002', min_lots: '0.1', pip: '0.1' },
      staff.token,
    );
    expect(answer.code).toBe(1);
    // At the precision stored now: another test of this file (run in any order) changes it.
    const [row] = rowsOf<{ places: number }>(
      await other.database.db.execute(
        sql`select price_precision as places from instruments where id = ${EURUSD}`,
      ),
    );
    const wide = quoteFromMid('1.08500', '0.002', Number(row?.places));
    expect(other.app.market.quote(EURUSD)).toEqual(wide);
    // The leading node reads the terms again on its timer (SERVER_LIMITS.marketTermsRefreshMs).
    expect(leader.app.market.quote(EURUSD)).not.toEqual(wide);
    await leader.app.market.refreshTerms();
    expect(leader.app.market.quote(EURUSD)).toEqual(wide);
    // Its trading terms follow once its catalogue's last check of the version is old enough.
    clock.advance(SERVER_LIMITS.tradingTermsCacheMs);
    const trader = await demoTrader(leader);
    const small = await submit(leader, trader, { ...EURUSD_BUY, cont: '0.05' });
    expect(small).toMatchObject({ code: 0, msg: 'The lots must be at least 0.1.' });
  });

  it('brings an instrument enabled after the start into every node’s live market', async () => {
    expect(leader.app.market.has(NGAS)).toBe(false);
    // With no price history yet it starts at its stored base price (which a test run may move:
    // MERIDIAN_TEST_PRICE_FACTOR), at its 3 places.
    const [stored] = rowsOf<{ base: string }>(
      await leader.database.db.execute(
        sql`select base_price::text as base from instruments where id = ${NGAS}`,
      ),
    );
    if (!stored) throw new Error('no NGAS row');
    const start = toDecimal(stored.base).toFixed(3);
    const staff = await staffSession(other, 'admin');
    const answer = await adminCall(
      other,
      'POST',
      '/admin/api/instruments/update',
      { id: NGAS, enabled: true },
      staff.token,
    );
    expect(answer.code).toBe(1);
    expect(other.app.market.has(NGAS)).toBe(true);
    const listed = await call<Instrument[]>(other, 'GET', '/v1/api/forex/trade_list');
    expect(listed.data.find((row) => row.Id === NGAS)?.ForexQuotations.Close).toBe(start);
    await leader.app.market.refreshTerms();
    expect(leader.app.market.has(NGAS)).toBe(true);
    expect(leader.app.market.quote(NGAS)).toEqual(quoteFromMid(start, '0.0008', 3));
  });

  it('reaches every holder on another node with its catalogue’s next check: the engine and the forex.closed labels', async () => {
    const staff = await staffSession(other, 'admin');
    expect(leader.app.engine.instrumentTerms(EURUSD)?.pricePrecision).toBe(5);
    const answer = await adminCall(
      other,
      'POST',
      '/admin/api/instruments/update',
      { id: EURUSD, price_precision: 4 },
      staff.token,
    );
    expect(answer.code).toBe(1);
    // Nothing crosses the nodes but the version in the database: until the leader checks it, it holds the old rows.
    expect(leader.app.engine.instrumentTerms(EURUSD)?.pricePrecision).toBe(5);
    clock.advance(SERVER_LIMITS.tradingTermsCacheMs);
    const trader = await demoTrader(leader);
    const socket = await TestSocket.open(await socketUrl(leader));
    try {
      expect(await socket.request({ type: 'login', params: { token: trader.token } })).toMatchObject({
        code: 1,
      });
      expect(await socket.request({ type: 'sub', params: { topic: 'forex.closed' } })).toMatchObject({
        code: 1,
      });
      // The order reads the trading terms: the check they make hands the new rows to every holder.
      const opened = await submit(leader, trader, EURUSD_BUY);
      expect(opened.code).toBe(1);
      expect(opened.data.PricePrecision).toBe(4);
      expect(leader.app.engine.instrumentTerms(EURUSD)?.pricePrecision).toBe(4);
      expect((await trade(leader, trader, 'close', { id: opened.data.Id })).code).toBe(1);
      const message = await socket.next(isPush('forex.closed'));
      expectContractPush(message);
      const push = (message as { data: ForexClosedPush }).data;
      expect(push).toMatchObject({ Id: opened.data.Id, ForexId: EURUSD, ShowCode: 'EUR/USD' });
      expect(push.ClosePrice).toMatch(/^\d+\.\d{4}$/);
    } finally {
      socket.close();
    }
  });
});
