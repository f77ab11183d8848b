import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../../../test/wait';
import { type FeedPeerOptions, WsFeedPeer } from '../../../../../test/ws-feed-peer';
import type { RawQuote, SourceState } from '../quote-source';
import { BinanceBookTickerSource, type StreamLog, type StreamTiming } from './binance-book-ticker-source';

/**
 * The Binance bookTicker adapter against a local peer replaying the fixture in the venue's format
 * (test/ws-feed-peer.ts). Timings are shrunk so a reconnect, a silence or a rotation takes
 * milliseconds; every wait is for a state.
 */

const FAST: Partial<StreamTiming> = {
  backoffStartMs: 20,
  backoffMaxMs: 200,
  healthyAfterMs: 100,
  silenceMs: 2_000,
  sendGapMs: 5,
  malformedLogEveryMs: 60_000,
  maxPayloadBytes: 4 * 1024,
};

type Run = {
  peer: WsFeedPeer;
  source: BinanceBookTickerSource;
  quotes: RawQuote[];
  states: { state: SourceState; detail?: string; at: number }[];
  rejected: { symbol: string; reason: string }[];
  warnings: { detail: unknown; message: string }[];
  of(symbol: string): RawQuote[];
};

const runs: Run[] = [];

afterEach(async () => {
  for (const run of runs.splice(0)) {
    await run.source.stop();
    await run.peer.close();
  }
});

async function open(timing: Partial<StreamTiming> = {}, peerOptions: FeedPeerOptions = {}): Promise<Run> {
  const peer = await WsFeedPeer.start(peerOptions);
  const warnings: Run['warnings'] = [];
  const log: StreamLog = {
    info: () => {},
    warn: (detail, message) => warnings.push({ detail, message }),
  };
  const source = new BinanceBookTickerSource(peer.url, log, { ...FAST, ...timing });
  const run: Run = {
    peer,
    source,
    quotes: [],
    states: [],
    rejected: [],
    warnings,
    of: (symbol) => run.quotes.filter((quote) => quote.symbol === symbol),
  };
  source.start({
    quote: (quote) => run.quotes.push(quote),
    symbolRejected: (symbol, reason) => run.rejected.push({ symbol, reason }),
    state: (state, detail) => run.states.push({ state, detail, at: performance.now() }),
  });
  runs.push(run);
  return run;
}

const lastState = (run: Run) => run.states.at(-1)?.state;

describe('Binance bookTicker stream', () => {
  it('quotes the subscribed symbols only, as the venue sent them, after one batched subscription', async () => {
    const run = await open();
    run.source.setSymbols(['BTCUSDT', 'ETHUSDT']);
    await until(() => lastState(run) === 'connected', 'connected');
    await until(() => run.of('BTCUSDT').length >= 5 && run.of('ETHUSDT').length >= 5, 'quotes of both');

    expect(run.peer.requests[0]).toEqual({
      method: 'SUBSCRIBE',
      params: ['btcusdt@bookTicker', 'ethusdt@bookTicker'],
      id: 1,
    });
    expect(new Set(run.quotes.map((quote) => quote.symbol))).toEqual(new Set(['BTCUSDT', 'ETHUSDT']));
    // The first BTCUSDT frame of the fixture, text for text.
    const first = JSON.parse(
      run.peer.ticks.find((tick) => tick.stream === 'btcusdt@bookTicker')?.text ?? '{}',
    );
    expect(run.of('BTCUSDT')[0]).toMatchObject({ symbol: 'BTCUSDT', bid: first.b, ask: first.a });
    expect(run.quotes[0]?.receivedMs).toBeGreaterThan(Date.now() - 60_000);
  });

  it('subscribes added symbols and unsubscribes dropped ones, whose quotes then stop', async () => {
    const run = await open();
    run.source.setSymbols(['BTCUSDT', 'ETHUSDT']);
    await until(() => run.of('ETHUSDT').length >= 3, 'ETHUSDT quotes');

    run.source.setSymbols(['BTCUSDT', 'SOLUSDT']);
    await until(
      () => [...run.peer.subscribed()].sort().join() === 'btcusdt@bookTicker,solusdt@bookTicker',
      'the peer holds BTCUSDT and SOLUSDT only',
    );
    expect(run.peer.requests.slice(1).map(({ method, params }) => ({ method, params }))).toEqual([
      { method: 'UNSUBSCRIBE', params: ['ethusdt@bookTicker'] },
      { method: 'SUBSCRIBE', params: ['solusdt@bookTicker'] },
    ]);
    const ethSeen = run.of('ETHUSDT').length;
    await until(() => run.of('SOLUSDT').length >= 3, 'SOLUSDT quotes');
    const btcNow = run.of('BTCUSDT').length;
    await until(() => run.of('BTCUSDT').length >= btcNow + 5, 'more BTCUSDT quotes');
    expect(run.of('ETHUSDT').length).toBe(ethSeen);
  });

  it('counts malformed frames without throwing, logs them once, and the good frames after them still arrive', async () => {
    const run = await open({}, { replayEveryMs: 0 });
    run.source.setSymbols(['BTCUSDT']);
    await until(() => lastState(run) === 'connected', 'connected');

    run.peer.sendRaw('{"u":1,"s":"BTCUSDT","b":"95000.10"'); // cut short: not JSON
    run.peer.sendRaw('{"u":1,"s":"BTCUSDT","B":"1.0","A":"1.0"}'); // no bid, no ask
    run.peer.sendRaw('{"u":1,"s":"BTCUSDT","b":95000.1,"B":"1.0","a":"95000.20","A":"1.0"}'); // a number
    run.peer.sendRaw('["BTCUSDT","95000.10","95000.20"]'); // not an object
    run.peer.sendRaw('{"hello":"world"}'); // nothing the venue sends
    run.peer.sendRaw(Buffer.from('{"u":1,"s":"BTCUSDT","b":"1","a":"2"}'), true); // a binary frame
    run.peer.quote('BTCUSDT', '95000.10', '95000.20');
    await until(() => run.quotes.length === 1, 'the good frame after the bad ones');

    expect(run.quotes[0]).toMatchObject({ symbol: 'BTCUSDT', bid: '95000.10', ask: '95000.20' });
    expect(run.source.counters().malformed).toEqual({ not_json: 1, bad_shape: 4, binary: 1, oversized: 0 });
    const malformedLines = run.warnings.filter((line) => line.message.includes('malformed'));
    expect(malformedLines).toHaveLength(1);
    expect(run.peer.accepted).toBe(1);
  });

  it('an oversized frame is refused by the frame cap; the connection is replaced and quotes resume', async () => {
    const run = await open({}, { replayEveryMs: 0 });
    run.source.setSymbols(['BTCUSDT']);
    await until(() => lastState(run) === 'connected', 'connected');

    run.peer.sendRaw(`{"u":1,"s":"BTCUSDT","b":"${'9'.repeat(5_000)}","a":"1"}`);
    await until(
      () => run.peer.accepted === 2 && run.peer.subscribed().has('btcusdt@bookTicker'),
      'resubscribed',
    );
    await until(() => lastState(run) === 'connected', 'connected again');
    run.peer.quote('BTCUSDT', '95001.00', '95001.01');
    await until(() => run.quotes.length === 1, 'a quote after the reconnection');

    expect(run.source.counters().malformed.oversized).toBe(1);
    expect(run.quotes[0]).toMatchObject({ bid: '95001.00', ask: '95001.01' });
  });

  it('a dropped connection is reconnected and every symbol subscribed again', async () => {
    const run = await open();
    run.source.setSymbols(['BTCUSDT', 'ETHUSDT', 'XRPUSDT']);
    await until(() => run.of('XRPUSDT').length >= 1 && lastState(run) === 'connected', 'quotes');

    run.peer.dropConnections();
    await until(() => run.states.some(({ state }) => state === 'disconnected'), 'disconnected');
    await until(() => run.peer.accepted === 2 && lastState(run) === 'connected', 'reconnected');
    expect(run.peer.subscribed()).toEqual(
      new Set(['btcusdt@bookTicker', 'ethusdt@bookTicker', 'xrpusdt@bookTicker']),
    );
    const seen = run.of('XRPUSDT').length;
    await until(() => run.of('XRPUSDT').length > seen, 'XRPUSDT quotes after the reconnection');
    expect(run.states.map(({ state }) => state)).toEqual([
      'connecting',
      'connected',
      'disconnected',
      'connecting',
      'connected',
    ]);
  });

  it('a refused subscription rejects that symbol only; the rest of its batch is subscribed', async () => {
    const run = await open({}, { refuse: ['DOGEUSDT'] });
    run.source.setSymbols(['BTCUSDT', 'DOGEUSDT', 'ETHUSDT', 'BTC/USDT']);
    await until(() => run.rejected.length === 2 && lastState(run) === 'connected', 'two refusals, connected');

    expect(run.rejected).toEqual([
      { symbol: 'BTC/USDT', reason: expect.stringContaining('letters and digits') },
      { symbol: 'DOGEUSDT', reason: 'Invalid request: invalid stream' },
    ]);
    // The batch was refused whole (as the venue does), then asked for one stream at a time.
    expect(run.peer.requests.map(({ method, params }) => `${method} ${params.join(' ')}`)).toEqual([
      'SUBSCRIBE btcusdt@bookTicker dogeusdt@bookTicker ethusdt@bookTicker',
      'SUBSCRIBE btcusdt@bookTicker',
      'SUBSCRIBE dogeusdt@bookTicker',
      'SUBSCRIBE ethusdt@bookTicker',
    ]);
    await until(() => run.of('BTCUSDT').length >= 2 && run.of('ETHUSDT').length >= 2, 'quotes of the others');
    expect(run.peer.subscribed()).toEqual(new Set(['btcusdt@bookTicker', 'ethusdt@bookTicker']));
  });

  it('answers the venue pings, so a quiet but live connection is kept', async () => {
    const run = await open({ silenceMs: 500 }, { replayEveryMs: 0, pingEveryMs: 40 });
    run.source.setSymbols(['BTCUSDT']);
    // Twenty pings span well over the silence limit: every one was answered and nothing reconnected.
    await until(() => run.peer.pongs >= 20, 'pongs');
    expect(run.peer.accepted).toBe(1);
    expect(run.states.map(({ state }) => state)).toEqual(['connecting', 'connected']);
  });

  it('a connection that sends nothing, not even a ping, is cut and replaced', async () => {
    const run = await open({ silenceMs: 300 }, { pingEveryMs: 40 });
    run.source.setSymbols(['BTCUSDT']);
    await until(() => run.of('BTCUSDT').length >= 2, 'quotes');

    run.peer.goSilent();
    await until(() => lastState(run) === 'disconnected', 'the silence noticed');
    expect(run.states.at(-1)?.detail).toContain('no frame for 300 ms');
    run.peer.resume();
    await until(() => run.peer.accepted === 2 && lastState(run) === 'connected', 'a new connection');
    const seen = run.of('BTCUSDT').length;
    await until(() => run.of('BTCUSDT').length > seen, 'quotes again');
  });

  it('replaces the connection before the venue limit: the new one is subscribed before the old one closes', async () => {
    const run = await open({ rotateAfterMs: 300 });
    run.source.setSymbols(['BTCUSDT', 'ETHUSDT']);
    await until(() => run.peer.accepted >= 2 && run.peer.connections === 1, 'rotated once');

    expect(run.peer.subscribed()).toEqual(new Set(['btcusdt@bookTicker', 'ethusdt@bookTicker']));
    // The source never went down.
    expect(run.states.map(({ state }) => state)).toEqual(['connecting', 'connected']);
    const seen = run.of('ETHUSDT').length;
    await until(() => run.of('ETHUSDT').length > seen, 'quotes on the new connection');
  });

  it("replaces the connection at the venue's shutdown notice", async () => {
    const run = await open();
    run.source.setSymbols(['BTCUSDT']);
    await until(() => lastState(run) === 'connected', 'connected');
    run.peer.announceShutdown();
    await until(() => run.peer.accepted === 2 && run.peer.connections === 1, 'replaced');

    expect(run.peer.subscribed()).toEqual(new Set(['btcusdt@bookTicker']));
    expect(run.states.map(({ state }) => state)).toEqual(['connecting', 'connected']);
    const seen = run.of('BTCUSDT').length;
    await until(() => run.of('BTCUSDT').length > seen, 'quotes on the new connection');
  });

  it('waits longer after each failed attempt, doubling to the cap', async () => {
    const run = await open({ backoffStartMs: 40, backoffMaxMs: 160, healthyAfterMs: 60_000 });
    await until(() => lastState(run) === 'connected', 'connected');
    await run.peer.close();
    const attempts = () =>
      run.states
        .slice(run.states.findIndex(({ state }) => state === 'disconnected'))
        .filter(({ state }) => state === 'connecting');
    await until(() => attempts().length >= 5, 'five attempts', 5_000);
    const at = attempts().map((entry) => entry.at);
    const gaps = at.slice(1).map((time, index) => time - (at[index] as number));
    // Attempts 2..5 waited 80, 160, 160, 160 ms (the first waited 40); the clock is a loaded machine's.
    expect(gaps[0]).toBeGreaterThanOrEqual(70);
    expect(gaps[1]).toBeGreaterThanOrEqual(140);
    expect(Math.max(...gaps)).toBeLessThan(1_000);
  });
});
