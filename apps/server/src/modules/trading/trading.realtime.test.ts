import type { ForexClosedPush, ForexTradePush } from '@meridian/contract/trading';
import { toDecimal } from '@meridian/domain/money';
import { afterEach, describe, expect, it } from 'vitest';
import { useTradingApp } from '../../../test/app-hooks';
import { expectContractPush } from '../../../test/pushes';
import { isPush, type Received, socketUrl, TestSocket } from '../../../test/socket';
import {
  demoTrader,
  EURUSD,
  midForBid,
  moveTo,
  openedOrder,
  type Trader,
  trade,
} from '../../../test/trading';
import { SERVER_LIMITS } from '../../limits';

const t = useTradingApp({ midsBefore: 'eachTest' });
const sockets: TestSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** A socket logged in as the trader and subscribed to both trading topics. */
async function tradingSocket(trader: Trader): Promise<TestSocket> {
  const socket = await TestSocket.open(await socketUrl(t));
  sockets.push(socket);
  expect(await socket.request({ type: 'login', params: { token: trader.token } })).toMatchObject({ code: 1 });
  for (const topic of ['forex.trade', 'forex.closed'])
    expect(await socket.request({ type: 'sub', params: { topic } })).toMatchObject({ code: 1 });
  return socket;
}

/** A push's data, once it parses with its topic's schema of the contract's push map (the clients' too). */
const dataOf = <T>(message: Received) => {
  expectContractPush(message);
  return (message as { data: T }).data;
};
const pushes = (messages: Received[], topic: string) => messages.filter(isPush(topic));

const buy = (trader: Trader, fields?: Record<string, unknown>) => openedOrder(t, trader, fields);

describe('forex.trade', () => {
  it("reaches only the owner's sockets with each position's floating profit and the totals", async () => {
    const owner = await demoTrader(t);
    const other = await demoTrader(t);
    const [phone, tablet] = [await tradingSocket(owner), await tradingSocket(owner)];
    const stranger = await tradingSocket(other);
    const order = await buy(owner);
    await phone.drain();
    await tablet.drain();
    t.clock.advance(SERVER_LIMITS.forexTradePushIntervalMs);
    const quote = await moveTo(t, EURUSD, '1.08600');
    const push = dataOf<ForexTradePush>(await phone.next(isPush('forex.trade')));
    const floating = toDecimal(quote.bid).minus('1.08504').times(10_000).toFixed(6);
    expect(push).toEqual({
      orders: [{ Id: order.Id, ForexId: EURUSD, FactProfits: floating, UpdatePrice: quote.bid }],
      all_fact_profits: floating,
      balance: '99890.796',
      margin: '108.504',
      net_value: toDecimal('99999.3').plus(floating).toFixed(),
      risk_rate: toDecimal('99999.3')
        .plus(floating)
        .times(100)
        .div('108.504')
        .toDecimalPlaces(2, 3)
        .toFixed(2),
      time: t.clock.now().getTime(),
    });
    expect(dataOf(await tablet.next(isPush('forex.trade')))).toEqual(push);
    expect(pushes(await stranger.drain(), 'forex.trade')).toEqual([]);
    await trade(t, owner, 'close', { id: order.Id });
  });

  it('is sent at most every 250 ms: moves within the interval come as one later push with the latest figures', async () => {
    const owner = await demoTrader(t);
    const socket = await tradingSocket(owner);
    const order = await buy(owner);
    await socket.drain();
    t.clock.advance(SERVER_LIMITS.forexTradePushIntervalMs);
    await moveTo(t, EURUSD, '1.08510');
    await socket.next(isPush('forex.trade'));
    // Two more moves in the same instant of the clock: nothing now, one push when the interval ends.
    await moveTo(t, EURUSD, '1.08520');
    const latest = await moveTo(t, EURUSD, '1.08530');
    // The first push after those moves already carries the last one's figures: the 1.08520 move
    // was never sent on its own.
    const later = dataOf<ForexTradePush>(await socket.next(isPush('forex.trade'), 2_000));
    expect(later.orders[0]?.UpdatePrice).toBe(latest.bid);
    expect(pushes(await socket.drain(), 'forex.trade')).toEqual([]);
    await trade(t, owner, 'close', { id: order.Id });
  });
});

describe('forex.closed', () => {
  it('tells the owner, and only them, when a position closes by the owner or by its take-profit, and when a pending order is cancelled', async () => {
    const owner = await demoTrader(t);
    const other = await demoTrader(t);
    const socket = await tradingSocket(owner);
    const stranger = await tradingSocket(other);

    const byHand = await buy(owner);
    await trade(t, owner, 'close', { id: byHand.Id });
    const closed = dataOf<ForexClosedPush>(await socket.next(isPush('forex.closed')));
    expect(closed).toMatchObject({
      Id: byHand.Id,
      ForexId: EURUSD,
      ShowCode: 'EUR/USD',
      Status: 3,
      State: 'closed',
      reason: 'user',
      FactProfits: '-0.800000',
      ClosePrice: '1.08496',
    });
    expect(closed.balance).toBe('99998.5');

    const withTarget = await buy(owner, { target_profit_price: '1.08700' });
    await moveTo(t, EURUSD, midForBid('1.08700', '0.00004', 5));
    expect(dataOf<ForexClosedPush>(await socket.next(isPush('forex.closed')))).toMatchObject({
      Id: withTarget.Id,
      reason: 'take_profit',
      ClosePrice: '1.08700',
      FactProfits: '19.600000',
    });
    await moveTo(t, EURUSD, '1.08500');

    const pending = await buy(owner, { status: 0, target_price: '1.08000' });
    await trade(t, owner, 'cancel_trade', { id: pending.Id });
    expect(dataOf<ForexClosedPush>(await socket.next(isPush('forex.closed')))).toMatchObject({
      Id: pending.Id,
      Status: 2,
      State: 'cancelled',
      reason: 'user',
      FactProfits: '0.000000',
      ClosePrice: '0',
    });
    expect(pushes(await stranger.drain(), 'forex.closed')).toEqual([]);
  });
});
