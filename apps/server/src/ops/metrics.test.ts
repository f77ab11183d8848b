import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { createTestApp, createTestClock } from '../../test/app';
import { ManualFeed } from '../../test/manual-feed';
import {
  createTradingApp,
  demoTrader,
  EURUSD,
  EURUSD_BUY,
  moveTo,
  realTrader,
  submit,
  type TradingApp,
} from '../../test/trading';
import { createMetrics, registerOutboxGauges } from './metrics';
import { type MetricsServer, startMetricsServer } from './metrics-server';

let t: TradingApp;
let server: MetricsServer;
let text: string;

/** The value of one series (`name{labels}` exactly as the text format prints it), or undefined. */
function seriesValue(series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.address.port}/metrics`);
}

beforeAll(async () => {
  const clock = createTestClock();
  const feed = new ManualFeed(clock);
  // METRICS_PORT set (0: a free port) also turns the process's default metrics on.
  const base = await createTestApp({
    clock,
    market: { autoStart: false, backfill: false, feed },
    env: { METRICS_PORT: '0' },
  });
  t = Object.assign(base, { feed });
  server = await startMetricsServer(t.app.metrics.registry, { port: 0, host: '127.0.0.1' });
  await moveTo(t, EURUSD, '1.08500');
  const demo = await demoTrader(t);
  expect((await submit(t, demo, EURUSD_BUY)).code).toBe(1);
  expect((await submit(t, demo, { ...EURUSD_BUY, status: 0, target_price: '1.08000' })).code).toBe(1);
  const broke = await realTrader(t, '0');
  const refused = await submit(t, broke, EURUSD_BUY);
  expect(refused.code).toBe(0);
  await call(t, 'GET', '/api/news/info', { id: 1 });
  await t.app.inject({ method: 'GET', url: '/no/such/route/12345' });
  await t.app.inject({ method: 'GET', url: '/api/no-such-call-67890' });
  await moveTo(t, EURUSD, '1.08510');
  const response = await scrape();
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  text = await response.text();
});

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('the metrics server', () => {
  it('counts HTTP answers by route pattern, never by the address asked', () => {
    expect(text).toContain('# TYPE meridian_http_request_duration_seconds histogram');
    expect(
      seriesValue(
        'meridian_http_request_duration_seconds_count{method="POST",route="/v1/api/forex/submit",status_class="2xx"}',
      ),
    ).toBe(3);
    expect(text).toContain('route="/api/news/info"');
    expect(text).toContain('route="unmatched",status_class="4xx"');
    // The routes' labels, not the whole text: a number of the process's own series may hold these
    // digits by chance.
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1] ?? '');
    expect(routes).toContain('unmatched');
    expect(routes.filter((route) => /12345|67890|\?/.test(route))).toEqual([]);
  });

  it('counts orders placed by entry type and refused by reason', () => {
    expect(seriesValue('meridian_orders_placed_total{entry_type="market"}')).toBe(1);
    expect(seriesValue('meridian_orders_placed_total{entry_type="pending"}')).toBe(1);
    expect(seriesValue('meridian_orders_refused_total{reason="error.order_insufficient_balance"}')).toBe(1);
  });

  it('shows the engine, the sockets, the pool, the event loop and the process', () => {
    expect(seriesValue('meridian_engine_tick_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(seriesValue('meridian_engine_active')).toBe(1);
    expect(seriesValue('meridian_engine_open_positions')).toBe(1);
    expect(seriesValue('meridian_engine_pending_orders')).toBe(1);
    expect(seriesValue('meridian_engine_resting_triggers')).toBe(1);
    expect(seriesValue('meridian_engine_unindexable_triggers_total')).toBe(0);
    expect(seriesValue('meridian_engine_unloadable_orders_total')).toBe(0);
    expect(seriesValue('meridian_socket_connections')).toBe(0);
    expect(seriesValue('meridian_socket_dropped_total')).toBe(0);
    expect(seriesValue('meridian_db_pool_waiting')).toBe(0);
    if (t.database.engine === 'postgres')
      expect(seriesValue('meridian_db_pool_connections')).toBeGreaterThan(0);
    else expect(seriesValue('meridian_db_pool_connections')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('answers nothing but /metrics', async () => {
    const other = await fetch(`http://127.0.0.1:${server.address.port}/`);
    expect(other.status).toBe(404);
    const post = await fetch(`http://127.0.0.1:${server.address.port}/metrics`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('is never on the public port', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('meridian_');
  });
});

describe('the sample Grafana dashboard', () => {
  it('is valid JSON with a panel for every metric family of ours', async () => {
    const file = fileURLToPath(new URL('../../../../docs/grafana-dashboard.json', import.meta.url));
    const dashboard = JSON.parse(await readFile(file, 'utf8')) as {
      templating: { list: { type: string }[] };
      panels: { targets?: { expr: string }[] }[];
    };
    expect(dashboard.templating.list.some((variable) => variable.type === 'datasource')).toBe(true);
    const expressions = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    const families = t.app.metrics.registry
      .getMetricsAsArray()
      .map((metric) => metric.name)
      .filter((name) => name.startsWith('meridian_'));
    expect(families.length).toBeGreaterThan(15);
    for (const family of families)
      expect(
        expressions.some((expression) => expression.includes(family)),
        family,
      ).toBe(true);
    expect(expressions.some((expression) => expression.includes('nodejs_eventloop_lag'))).toBe(true);
  });
});

describe('two apps in one process', () => {
  it('keep their own registries', async () => {
    const other = await createTradingApp();
    try {
      const metrics = await other.app.metrics.registry.metrics();
      expect(metrics).not.toContain('meridian_orders_placed_total{');
      // Without METRICS_PORT the process's default metrics are left out.
      expect(metrics).not.toContain('nodejs_eventloop_lag_seconds');
      expect(metrics).toContain('meridian_engine_active');
    } finally {
      await other.close();
    }
  });
});

describe('the outbox gauges hook', () => {
  it('reads pending and failed with one count per scrape, and shows a failed count as no data', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    let counts = 0;
    let failing = false;
    registerOutboxGauges(metrics.registry, async () => {
      counts += 1;
      if (failing) throw new Error('database down');
      return { pending: 3, failed: 1 };
    });
    const scraped = await metrics.registry.metrics();
    expect(scraped).toContain('meridian_outbox_pending_messages 3');
    expect(scraped).toContain('meridian_outbox_failed_messages 1');
    expect(counts).toBe(1);
    failing = true;
    const failed = await metrics.registry.metrics();
    // prom-client prints NaN as `Nan`, which Prometheus reads (its number parser ignores case).
    expect(failed).toMatch(/^meridian_outbox_pending_messages NaN$/im);
    expect(counts).toBe(2);
  });
});
