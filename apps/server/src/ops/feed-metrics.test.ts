import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRealFeedApp,
  FAILBACK_MS,
  feedStory,
  quoteAndRun,
  type RealFeedApp,
} from '../../test/real-feed-app';
import { createTradingApp, type TradingApp } from '../../test/trading';
import { type MetricsServer, startMetricsServer } from './metrics-server';

/**
 * The price feed's series in a scrape (docs/operations.md "Metrics"): on a real
 * feed of two scripted sources after quotes, a refusal, a disconnect and a failover; and with the
 * simulator, where only the two plain series show, at 0.
 */

let t: RealFeedApp;
let server: MetricsServer;

async function scrape(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${server.address.port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series (`name{labels}` exactly as the text format prints it), or undefined. */
function valueIn(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(async () => {
  t = await createRealFeedApp();
  server = await startMetricsServer(t.app.metrics.registry, { port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('the feed metrics on a real feed', () => {
  it('show connections, the active feed, quotes by instrument and reason, ages, stale count and failovers', async () => {
    const first = await scrape();
    expect(valueIn(first, 'meridian_feed_connected{role="primary",kind="fix"}')).toBe(1);
    expect(valueIn(first, 'meridian_feed_active{role="primary"}')).toBe(1);
    expect(valueIn(first, 'meridian_feed_failovers_total')).toBe(0);
    const instruments = t.feed.health().instruments.length;
    expect(instruments).toBeGreaterThan(1);
    // Nothing quoted yet: every instrument is stale, and no age is known.
    expect(valueIn(first, 'meridian_feed_stale_instruments')).toBe(instruments);
    expect(first).not.toContain('meridian_feed_last_quote_age_seconds{');

    await feedStory(t);
    const text = await scrape();
    expect(text).toContain('# TYPE meridian_feed_connected gauge');
    expect(text).toContain('# TYPE meridian_feed_quotes_refused_total counter');
    expect(valueIn(text, 'meridian_feed_connected{role="primary",kind="fix"}')).toBe(0);
    expect(valueIn(text, 'meridian_feed_connected{role="secondary",kind="websocket"}')).toBe(1);
    expect(valueIn(text, 'meridian_feed_active{role="primary"}')).toBe(0);
    expect(valueIn(text, 'meridian_feed_active{role="secondary"}')).toBe(1);
    expect(valueIn(text, 'meridian_feed_quotes_received_total{role="primary"}')).toBe(2);
    expect(valueIn(text, 'meridian_feed_quotes_received_total{role="secondary"}')).toBe(1);
    expect(valueIn(text, 'meridian_feed_quotes_total{instrument="EURUSD"}')).toBe(2);
    expect(valueIn(text, 'meridian_feed_quotes_refused_total{instrument="EURUSD",reason="crossed"}')).toBe(1);
    expect(valueIn(text, 'meridian_feed_quotes_refused_total{instrument="EURUSD",reason="spike"}')).toBe(0);
    expect(valueIn(text, 'meridian_feed_last_quote_age_seconds{instrument="EURUSD"}')).toBe(1);
    expect(text).not.toContain('meridian_feed_last_quote_age_seconds{instrument="BTCUSDT"}');
    expect(valueIn(text, 'meridian_feed_stale_instruments')).toBe(instruments - 1);
    expect(valueIn(text, 'meridian_feed_failovers_total')).toBe(1);
    // Bounded labels: roles, kinds, instrument codes and refusal reasons only.
    for (const match of text.matchAll(/^meridian_feed_\w+\{([^}]*)\}/gm))
      for (const label of (match[1] ?? '').split(','))
        expect(label).toMatch(
          /^(role="(primary|secondary)"|kind="(fix|websocket)"|instrument="[A-Z0-9]+"|reason="[a-z_]+")$/,
        );

    // The failback counts as a switch too, once: later scrapes keep the total.
    t.primary.state('connected');
    for (let second = 0; second <= FAILBACK_MS / 1000; second += 1) {
      await quoteAndRun(t, 'EURUSD', '1.08540', '1.08550');
      t.clock.advance(1_000);
    }
    await t.app.market.tick();
    expect(valueIn(await scrape(), 'meridian_feed_failovers_total')).toBe(2);
    const again = await scrape();
    expect(valueIn(again, 'meridian_feed_failovers_total')).toBe(2);
    expect(valueIn(again, 'meridian_feed_active{role="primary"}')).toBe(1);
  });
});

describe('the feed metrics with the simulator', () => {
  let simulated: TradingApp;
  beforeAll(async () => {
    simulated = await createTradingApp();
  });
  afterAll(async () => {
    await simulated?.close();
  });

  it('leave the connection series out and read 0 stale instruments and 0 failovers', async () => {
    const text = await simulated.app.metrics.registry.metrics();
    expect(text).toContain('# TYPE meridian_feed_connected gauge');
    expect(text).not.toMatch(/^meridian_feed_(connected|active|quotes_received_total|quotes_total)\{/m);
    expect(text).not.toMatch(/^meridian_feed_(quotes_refused_total|last_quote_age_seconds)\{/m);
    expect(valueIn(text, 'meridian_feed_stale_instruments')).toBe(0);
    expect(valueIn(text, 'meridian_feed_failovers_total')).toBe(0);
  });
});
