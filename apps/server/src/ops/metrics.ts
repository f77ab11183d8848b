import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The node's Prometheus metrics, in a registry of its own (never prom-client's global one), so that
 * several apps in one process (the tests, two nodes in a test) each count only their own. Every
 * label takes a bounded set of values: route patterns, status classes, message keys.
 */
export type Metrics = {
  registry: Registry;
  /** HTTP answers by method, route pattern and status class (2xx..5xx), in seconds. */
  httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  /** Orders created (customers, copy trading, strategy traders), by entry type. */
  ordersPlaced: Counter<'entry_type'>;
  /** Order submissions refused, by the refusal's message key. */
  ordersRefused: Counter<'reason'>;
  /** One engine round over the instruments a tick moved (triggers, marks, stop-outs), in seconds. */
  engineTickDuration: Histogram;
};

type MetricsOptions = {
  /**
   * Also the process's default metrics (CPU, memory, GC, event-loop lag). Only when the metrics are
   * served: prom-client's event-loop monitor cannot be switched off again, so apps that are built
   * and closed by the hundred (tests) leave it out.
   */
  defaultMetrics: boolean;
};

/** Seconds: from a millisecond (a cached answer) to the request time-out's order of magnitude. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: an idle tick costs microseconds; one that fires many triggers writes to the database. */
const ENGINE_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'meridian_http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    ordersPlaced: new Counter({
      name: 'meridian_orders_placed_total',
      help: 'Orders created (market or pending), by customers, copy trading and strategy traders',
      labelNames: ['entry_type'] as const,
      registers,
    }),
    ordersRefused: new Counter({
      name: 'meridian_orders_refused_total',
      help: 'Order submissions refused, by the message key of the refusal',
      labelNames: ['reason'] as const,
      registers,
    }),
    engineTickDuration: new Histogram({
      name: 'meridian_engine_tick_duration_seconds',
      help: 'Time the trading engine spends on one round of ticks (trigger checks, marks, stop-outs)',
      buckets: ENGINE_BUCKETS,
      registers,
    }),
  };
}

/** A gauge read from a function at each scrape. */
export function gaugeOf(registry: Registry, name: string, help: string, read: () => number): Gauge {
  return new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * A counter whose running total another part keeps (the engine's alert counters, the hub's drops):
 * each scrape reports that total, so it keeps Prometheus's counter semantics (only grows, resets
 * with the process).
 */
export function counterOf(registry: Registry, name: string, help: string, read: () => number): Counter {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/**
 * Outbox gauges, read at each scrape from `count` (the outbox's own query). Not wired by this change:
 * the outbox table lands separately; its wiring calls this with the registry of `app.metrics`.
 */
export function registerOutboxGauges(
  registry: Registry,
  count: () => Promise<{ pending: number; failed: number }>,
): void {
  // One query per scrape for both gauges: the first gauge's collect starts it, both await it.
  let current: Promise<{ pending: number; failed: number }> | undefined;
  const read = () => {
    // A failed count shows as NaN (no data) rather than failing the whole scrape.
    current ??= count()
      .catch(() => ({ pending: Number.NaN, failed: Number.NaN }))
      .finally(() => {
        current = undefined;
      });
    return current;
  };
  new Gauge({
    name: 'meridian_outbox_pending_messages',
    help: 'Outgoing messages (e-mail, SMS) waiting to be delivered',
    registers: [registry],
    async collect() {
      this.set((await read()).pending);
    },
  });
  new Gauge({
    name: 'meridian_outbox_failed_messages',
    help: 'Outgoing messages given up on after their last try',
    registers: [registry],
    async collect() {
      this.set((await read()).failed);
    },
  });
}
