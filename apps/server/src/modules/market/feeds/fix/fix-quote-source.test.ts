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

async function setUp(options: { password?: string; symbols?: string[] } = {}) {
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
      heartbeatSeconds: 30,
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
});
