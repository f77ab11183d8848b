import type { Candle, QuoteUpdate } from '@meridian/contract/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, createTestClock, type TestApp } from '../../test/app';
import { expectContractPush } from '../../test/pushes';
import { isPush, type Received, socketUrl, TestSocket } from '../../test/socket';

// The whole chain of ARCHITECTURE.md "Runtime picture": feed tick -> market (quote, candles) ->
// realtime hub -> socket, with the market ticked by hand on a Wednesday (every market open).
const START = new Date('2026-11-18T12:00:00Z');
const EURUSD = 1;
const TICK_MS = 500;
const STEPS_MAX = 40;

let t: TestApp;
let socket: TestSocket;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(START) });
  socket = await TestSocket.open(await socketUrl(t));
});

afterAll(async () => {
  socket.close();
  await t.close();
});

/**
 * Moves the market on until the socket has a push on the topic. Every push it received there is
 * checked against its topic's schema in the contract's push map, the one the clients parse with.
 */
async function tickUntilPush(topic: string): Promise<Received> {
  for (let step = 0; step < STEPS_MAX; step += 1) {
    t.clock.advance(TICK_MS);
    await t.app.market.tick();
    const pushed = (await socket.drain()).filter(isPush(topic));
    for (const push of pushed) expectContractPush(push);
    if (pushed.length > 0) return pushed.at(-1) as Received;
  }
  throw new Error(`no push on ${topic} after ${STEPS_MAX} ticks`);
}

describe('market data through the socket', () => {
  it('sends the candle in progress to a kline subscriber, the same the kline endpoint answers', async () => {
    const topic = `kline.${EURUSD}.1M`;
    expect((await socket.request({ type: 'sub', params: { topic } })).code).toBe(1);
    const first = (await tickUntilPush(topic)) as { data: Candle };
    const minuteStart = Math.floor(t.clock.now().getTime() / 60_000) * 60;
    expect(first.data.Time).toBe(minuteStart);
    for (const field of ['Open', 'High', 'Low', 'Close'] as const)
      expect(first.data[field]).toMatch(/^\d+\.\d{5}$/);

    const answer = await t.app.inject({
      method: 'GET',
      url: `/v1/api/forex/kline?forex_id=${EURUSD}&period=1M`,
    });
    const candles = body<Candle[]>(answer).data;
    expect(candles.at(-1)).toEqual(first.data);

    // Later ticks in the same minute (the clock started on the minute and moved less than 40 s)
    // update that candle: same Time and Open, High and Low only widen.
    const next = (await tickUntilPush(topic)) as { data: Candle };
    expect(next.data.Time).toBe(first.data.Time);
    expect(next.data.Open).toBe(first.data.Open);
    expect(Number(next.data.High)).toBeGreaterThanOrEqual(Number(first.data.High));
    expect(Number(next.data.Low)).toBeLessThanOrEqual(Number(first.data.Low));
    await socket.request({ type: 'unsub', params: { topic } });
    expect(t.app.realtime.hasSubscribers(topic)).toBe(false);
  });

  it('sends the changed quotes on market.day', async () => {
    expect((await socket.request({ type: 'sub', params: { topic: 'market.day' } })).code).toBe(1);
    const push = (await tickUntilPush('market.day')) as { data: QuoteUpdate[] };
    expect(push.data.length).toBeGreaterThan(0);
    for (const update of push.data) {
      expect(update.MarketStatus).toBe(1);
      expect(Number(update.ForexQuotations.Ask)).toBeGreaterThan(Number(update.ForexQuotations.Bid));
    }
  });
});
