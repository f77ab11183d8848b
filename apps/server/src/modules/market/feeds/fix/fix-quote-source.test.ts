import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixPeer, startFixPeer } from '../../../../../test/fix-peer';
import { until } from '../../../../../test/wait';
import type { RawQuote, SourceState } from '../quote-source';
import { FixQuoteSource } from './fix-quote-source';

const USER = 'meridian';
const PASSWORD = 's3cret-Pw';

type Recorded = {
  quotes: RawQuote[];
  rejected: Array<{ symbol: string; reason: string }>;
  states: Array<{ state: SourceState; detail: string | undefined }>;
  logs: string[];
};

const running: Array<{ peer: FixPeer; source: FixQuoteSource }> = [];

afterEach(async () => {
  for (const { peer, source } of running.splice(0)) {
    await source.stop();
    await peer.close();
  }
});

async function setUp(options: { password?: string; symbols?: string[]; heartbeatSeconds?: number } = {}) {
  const peer = await startFixPeer({ username: USER, password: PASSWORD });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fix-feed-'));
  const recorded: Recorded = { quotes: [], rejected: [], states: [], logs: [] };
  const line = (message: string) => recorded.logs.push(message);
  const source = new FixQuoteSource({
    settings: {
      host: '127.0.0.1',
      port: peer.port,
      tls: false,
      senderCompId: 'MERIDIAN',
      targetCompId: 'LP',
      username: USER,
      password: options.password ?? PASSWORD,
      resetOnLogon: true,
      heartbeatSeconds: options.heartbeatSeconds ?? 30,
    },
    dataDir,
    logger: { info: line, warn: line, error: line },
    backoff: { initialMs: 50, maxMs: 400 },
  });
  running.push({ peer, source });
  source.setSymbols(options.symbols ?? ['EURUSD']);
  source.start({
    quote: (quote) => recorded.quotes.push(quote),
    symbolRejected: (symbol, reason) => recorded.rejected.push({ symbol, reason }),
    state: (state, detail) => recorded.states.push({ state, detail }),
  });
  return { peer, source, recorded, dataDir };
}

const last = (recorded: Recorded) => recorded.quotes.at(-1);
const sides = (quote: RawQuote | undefined) =>
  quote && { symbol: quote.symbol, bid: quote.bid, ask: quote.ask };

describe('FIX 4.4 quote source against a FIX peer on the loopback', () => {
  it('logs on, subscribes each symbol with its own request and reports quotes as received text', async () => {
    const { peer, recorded } = await setUp({ symbols: ['EURUSD', 'USDJPY'] });
    peer.setQuote('EURUSD', '1.08500', '1.08520');
    await until(() => peer.subscriptions().length === 2, 'both subscriptions');
    expect(peer.logons).toBe(1);
    expect(recorded.states.map((s) => s.state)).toEqual(['connecting', 'connected']);
    const ids = peer.requests.map((request) => request.reqId);
    expect(new Set(ids).size).toBe(2);
    await until(() => recorded.quotes.length > 0, 'a quote');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.08500', ask: '1.08520' });
    peer.sendSnapshot('USDJPY', '158.652', '158.660');
    await until(() => last(recorded)?.symbol === 'USDJPY', 'the second symbol');
    expect(sides(last(recorded))).toEqual({ symbol: 'USDJPY', bid: '158.652', ask: '158.660' });
  });

  it('takes a snapshot, then New, Change and Delete increments, each reported with both sides held now', async () => {
    const { peer, recorded } = await setUp();
    await until(() => peer.subscriptions().includes('EURUSD'), 'the subscription');
    peer.sendSnapshot('EURUSD', '1.1000', '1.1002');
    await until(() => recorded.quotes.length === 1, 'the snapshot');
    peer.sendIncrement('EURUSD', 'bid', 'change', '1.1001');
    await until(() => recorded.quotes.length === 2, 'the change');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.1001', ask: '1.1002' });
    peer.sendIncrement('EURUSD', 'offer', 'delete');
    await until(() => recorded.quotes.length === 3, 'the delete');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.1001', ask: undefined });
    peer.sendIncrement('EURUSD', 'offer', 'new', '1.1004');
    await until(() => recorded.quotes.length === 4, 'the new offer');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.1001', ask: '1.1004' });
    // Both sides in one message: one quote, never a half-updated book.
    peer.sendIncrements([
      { symbol: 'EURUSD', side: 'bid', action: 'change', price: '1.1003' },
      { symbol: 'EURUSD', side: 'offer', action: 'change', price: '1.1005' },
    ]);
    await until(() => recorded.quotes.length === 5, 'the two-sided change');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.1003', ask: '1.1005' });
    // A snapshot replaces both sides, an absent side included.
    peer.sendSnapshot('EURUSD', '1.0990', undefined);
    await until(() => recorded.quotes.length === 6, 'the second snapshot');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.0990', ask: undefined });
    expect(recorded.quotes.every((quote) => quote.arrivedAt > 0 && quote.receivedMs > 0)).toBe(true);
  });

  it('passes a crossed, zero or malformed book through unchanged (the quote checks judge it)', async () => {
    const { peer, recorded } = await setUp();
    await until(() => peer.subscriptions().includes('EURUSD'), 'the subscription');
    peer.sendSnapshot('EURUSD', '1.2000', '1.1000');
    await until(() => recorded.quotes.length === 1, 'the crossed quote');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.2000', ask: '1.1000' });
    peer.sendIncrement('EURUSD', 'bid', 'change', '0');
    await until(() => recorded.quotes.length === 2, 'the zero bid');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '0', ask: '1.1000' });
  });

  it('answers a sequence gap with a resend request and keeps quoting', async () => {
    const { peer, recorded } = await setUp();
    await until(() => peer.subscriptions().includes('EURUSD'), 'the subscription');
    peer.sendSnapshot('EURUSD', '1.1000', '1.1002');
    await until(() => recorded.quotes.length === 1, 'the first quote');
    peer.skipSequence(2);
    peer.sendIncrement('EURUSD', 'bid', 'change', '1.1001');
    await until(() => peer.resendRequests.length === 1, 'the resend request');
    // The snapshot was message 2 after the logon (1); 3 and 4 were skipped: asked again from 3 on (0: to the end).
    expect(peer.resendRequests[0]).toEqual({ begin: 3, end: 0 });
    await until(() => recorded.quotes.length === 2, 'the quote that showed the gap');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.1001', ask: '1.1002' });
    // After the peer's gap fill the session goes on.
    peer.sendIncrement('EURUSD', 'offer', 'change', '1.1003');
    await until(() => recorded.quotes.length === 3, 'a quote after the gap fill');
    expect(sides(last(recorded))).toEqual({ symbol: 'EURUSD', bid: '1.1001', ask: '1.1003' });
    expect(peer.logons).toBe(1);
  });

  it("reports a MarketDataRequestReject on the symbol it names, with the provider's text", async () => {
    const { peer, recorded } = await setUp({ symbols: ['EURUSD'] });
    peer.reject('XAUUSD', 'Unknown symbol XAUUSD');
    await until(() => peer.subscriptions().includes('EURUSD'), 'the first subscription');
    peer.setQuote('EURUSD', '1.1000', '1.1002');
    await until(() => recorded.quotes.length === 1, 'the quote');
    // A symbol added while connected is subscribed at once.
    const { source } = running.at(-1)!;
    source.setSymbols(['EURUSD', 'XAUUSD']);
    await until(() => recorded.rejected.length === 1, 'the reject');
    expect(recorded.rejected[0]).toEqual({
      symbol: 'XAUUSD',
      reason: 'Unknown symbol XAUUSD (MDReqRejReason 0)',
    });
    expect(peer.subscriptions()).toEqual(['EURUSD']);
    // The rest of the feed is unaffected.
    peer.sendIncrement('EURUSD', 'bid', 'change', '1.1001');
    await until(() => recorded.quotes.length === 2, 'a quote after the reject');
  });

  it('unsubscribes a dropped symbol (263=2 with its MDReqID) and no longer reports it', async () => {
    const { peer, source, recorded } = await setUp({ symbols: ['EURUSD', 'USDJPY'] });
    await until(() => peer.subscriptions().length === 2, 'both subscriptions');
    source.setSymbols(['USDJPY']);
    await until(() => peer.subscriptions().length === 1, 'the unsubscribe');
    expect(peer.subscriptions()).toEqual(['USDJPY']);
    const eurusd = peer.requests.filter((request) => request.symbol === 'EURUSD');
    expect(eurusd.map((request) => request.type)).toEqual(['1', '2']);
    expect(eurusd[0]!.reqId).toBe(eurusd[1]!.reqId);
    peer.sendSnapshot('EURUSD', '1.1000', '1.1002');
    peer.sendSnapshot('USDJPY', '158.10', '158.12');
    await until(() => recorded.quotes.length === 1, 'the wanted quote');
    expect(recorded.quotes.map((quote) => quote.symbol)).toEqual(['USDJPY']);
  });

  it('reconnects after a dropped connection and subscribes every wanted symbol again', async () => {
    const { peer, source, recorded } = await setUp({ symbols: ['EURUSD', 'USDJPY'] });
    await until(() => peer.subscriptions().length === 2, 'both subscriptions');
    peer.drop();
    await until(() => recorded.states.some((s) => s.state === 'disconnected'), 'the disconnect');
    expect(recorded.states.find((s) => s.state === 'disconnected')?.detail).toMatch(/connection lost/);
    // Symbols changed while the connection was down are what gets subscribed.
    source.setSymbols(['EURUSD', 'USDJPY', 'GBPUSD']);
    await until(
      () => peer.logons === 2 && peer.subscriptions().length === 3,
      'the renewed subscriptions',
      5_000,
    );
    expect(peer.subscriptions()).toEqual(['EURUSD', 'GBPUSD', 'USDJPY']);
    expect(recorded.states.map((s) => s.state)).toEqual([
      'connecting',
      'connected',
      'disconnected',
      'connecting',
      'connected',
    ]);
    peer.sendSnapshot('GBPUSD', '1.2700', '1.2702');
    await until(() => last(recorded)?.symbol === 'GBPUSD', 'a quote on the new session');
  });

  it('logs on again when started after a stop (a node that leads the market again)', async () => {
    const { peer, source, recorded } = await setUp();
    await until(() => peer.logons === 1 && peer.subscriptions().includes('EURUSD'), 'the first session');
    await source.stop();
    expect(recorded.states.at(-1)?.state).toBe('disconnected');
    source.start({
      quote: (quote) => recorded.quotes.push(quote),
      symbolRejected: (symbol, reason) => recorded.rejected.push({ symbol, reason }),
      state: (state, detail) => recorded.states.push({ state, detail }),
    });
    await until(() => peer.logons === 2 && peer.subscriptions().includes('EURUSD'), 'a second session');
    peer.setQuote('EURUSD', '1.08600', '1.08620');
    await until(() => last(recorded)?.bid === '1.08600', 'a quote on the second session');
  });

  it('keeps retrying with backoff while the provider is unreachable', async () => {
    const { peer, recorded } = await setUp();
    await until(() => peer.logons === 1, 'the logon');
    await peer.close();
    await until(
      () => recorded.states.filter((s) => s.state === 'disconnected').length >= 3,
      'three failed attempts',
      5_000,
    );
    const details = recorded.states.filter((s) => s.state === 'disconnected').map((s) => s.detail);
    expect(details.slice(1).every((detail) => /connect to 127\.0\.0\.1:\d+ failed/.test(detail ?? ''))).toBe(
      true,
    );
    const waits = recorded.logs
      .flatMap((line) => /reconnecting in (\d+) ms/.exec(line)?.[1] ?? [])
      .map(Number);
    expect(waits.slice(0, 4)).toEqual([50, 100, 200, 400].slice(0, Math.min(4, waits.length)));
  });

  it("reports a refused logon with the provider's text, gets no quotes, and retries", async () => {
    const { peer, recorded } = await setUp({ password: 'wrong-password' });
    await until(() => peer.refusedLogons >= 2, 'a retried logon', 5_000);
    const refused = recorded.states.find((s) => s.state === 'disconnected');
    expect(refused?.detail).toMatch(/Invalid username or password/);
    expect(recorded.states.some((s) => s.state === 'connected')).toBe(false);
    expect(peer.logons).toBe(0);
    expect(recorded.quotes).toEqual([]);
    expect(recorded.logs.join('\n')).not.toContain('wrong-password');
  });

  it('writes the session to a log file under <dataDir>/fix with the password masked', async () => {
    const { peer, source, recorded, dataDir } = await setUp();
    await until(() => peer.subscriptions().includes('EURUSD'), 'the subscription');
    peer.sendSnapshot('EURUSD', '1.1000', '1.1002');
    await until(() => recorded.quotes.length === 1, 'the quote');
    await source.flushLog();
    expect(path.dirname(source.logFile)).toBe(path.join(dataDir, 'fix'));
    const text = await readFile(source.logFile, 'utf8');
    const lines = text.trim().split('\n');
    const logon = lines.find((line) => line.includes('|35=A|') && line.includes(' out '));
    expect(logon).toContain('|553=meridian|');
    expect(logon).toContain('|554=****|');
    expect(logon).toContain('|141=Y|');
    expect(lines.some((line) => line.includes(' out ') && line.includes('|35=V|'))).toBe(true);
    expect(lines.some((line) => line.includes(' in ') && line.includes('|35=W|'))).toBe(true);
    expect(text).not.toContain(PASSWORD);
    expect(recorded.logs.join('\n')).not.toContain(PASSWORD);
  });

  it('keeps the session alive with heartbeats at the configured interval', async () => {
    const { peer, source } = await setUp({ heartbeatSeconds: 1 });
    await until(() => peer.logons === 1, 'the logon');
    const heartbeats = async () => {
      await source.flushLog();
      const text = await readFile(source.logFile, 'utf8').catch(() => '');
      return text.split('\n').filter((line) => line.includes(' out ') && line.includes('|35=0|')).length;
    };
    const deadline = Date.now() + 5_000;
    while ((await heartbeats()) < 1) {
      if (Date.now() > deadline) throw new Error('no heartbeat sent');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const logon = (await readFile(source.logFile, 'utf8'))
      .split('\n')
      .find((line) => line.includes('|35=A|'));
    expect(logon).toContain('|108=1|');
  });
});
