import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import type { EventBus } from '../events';
import { Rejection, SessionInvalid } from '../http/errors';
import type { FeedHealthReport } from '../modules/market/market.public';
import type { RealtimeHub } from '../realtime/hub';
import { registerFeedMetrics } from './feed-metrics';
import { counterOf, createMetrics, gaugeOf, type Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's metrics (its own registry), served by the metrics server when METRICS_PORT is set. */
    metrics: Metrics;
  }
}

/** The route whose refusals are counted by reason (spec section 7's order submission). */
const ORDER_SUBMIT_ROUTE = '/v1/api/forex/submit';
/** The route label of a request no route matched: one value, whatever the address asked. */
const UNMATCHED_ROUTE = 'unmatched';
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type AppMetricsOptions = {
  database: Database;
  realtime: RealtimeHub;
  events: EventBus;
  /** The price feed's health now (the market area's report), read at each scrape. */
  feed: () => FeedHealthReport;
  /** Also the process's default metrics (see MetricsOptions): when METRICS_PORT is set. */
  defaultMetrics: boolean;
};

/**
 * Creates the app's metrics and feeds them: the HTTP hooks (registered before any route, so every
 * route has them), the order events, and gauges read at scrape time from the engine, the socket hub,
 * the database pool and the price feed. Nothing here decides anything for the business areas; it only watches.
 */
export function registerMetrics(app: FastifyInstance, options: AppMetricsOptions): Metrics {
  const metrics = createMetrics({ defaultMetrics: options.defaultMetrics });
  app.decorate('metrics', metrics);
  watchHttp(app, metrics);
  watchOrders(app, metrics, options.events);
  watchRuntime(app, metrics, options);
  registerFeedMetrics(metrics.registry, options.feed);
  return metrics;
}

function watchHttp(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: KNOWN_METHODS.has(request.method) ? request.method : 'other',
        // The pattern (/api/news/info), never the address asked: the label set stays bounded.
        route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * Orders placed are counted from the domain events (an order row was created, whoever placed it; an
 * idempotent retry creates none), refusals at the submission route, by the refusal's message key: the
 * service only throws its typed refusal, and the route layer's error hook reads it.
 */
function watchOrders(app: FastifyInstance, metrics: Metrics, events: EventBus): void {
  const unsubscribers = [
    events.on('order.placed', () => metrics.ordersPlaced.inc({ entry_type: 'pending' })),
    events.on('order.opened', ({ order }) => {
      // A pending order reaching its target opens too; it was counted when placed.
      if (order.entryType === 'market') metrics.ordersPlaced.inc({ entry_type: 'market' });
    }),
  ];
  app.addHook('onClose', async () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (request.routeOptions.url !== ORDER_SUBMIT_ROUTE) return;
    metrics.ordersRefused.inc({ reason: refusalReason(error) });
  });
}

/** A bounded reason: the message key of a refusal, else the kind of failure. */
function refusalReason(error: Error): string {
  if (error instanceof Rejection) return error.key;
  if (error instanceof SessionInvalid) return 'error.session_invalid';
  if (hasZodFastifySchemaValidationErrors(error)) return 'validation';
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  return status < 500 ? 'error.bad_request' : 'error.internal';
}

function watchRuntime(app: FastifyInstance, metrics: Metrics, options: AppMetricsOptions): void {
  const { registry } = metrics;
  // The engine is decorated by the trading area, after this; it exists by the time the app is ready.
  app.addHook('onReady', async () => {
    app.engine.observeRounds((seconds) => metrics.engineTickDuration.observe(seconds));
  });
  const engine = () => app.engine.stats();
  gaugeOf(
    registry,
    'meridian_engine_active',
    'Whether this node runs the trading engine (1) or not (0)',
    () => (engine().active ? 1 : 0),
  );
  gaugeOf(
    registry,
    'meridian_engine_resting_triggers',
    'Triggers (pending targets, stop-losses, take-profits) resting in the engine index',
    () => engine().triggers,
  );
  gaugeOf(
    registry,
    'meridian_engine_open_positions',
    'Open positions in the engine book',
    () => engine().openPositions,
  );
  gaugeOf(
    registry,
    'meridian_engine_pending_orders',
    'Pending orders in the engine book',
    () => engine().pendingOrders,
  );
  counterOf(
    registry,
    'meridian_engine_unindexable_triggers_total',
    'Stored triggers the engine index could not key (an alert: should stay 0)',
    () => engine().unindexableTriggers,
  );
  counterOf(
    registry,
    'meridian_engine_unloadable_orders_total',
    'Stored orders the engine could not take at start (an alert: should stay 0)',
    () => engine().unloadableOrders,
  );
  const hub = () => options.realtime.stats();
  gaugeOf(registry, 'meridian_socket_connections', 'Open sockets on this node', () => hub().sockets);
  gaugeOf(
    registry,
    'meridian_socket_buffered_bytes',
    'Bytes waiting in the sockets send queues on this node',
    () => hub().bufferedBytes,
  );
  counterOf(
    registry,
    'meridian_socket_dropped_total',
    'Sockets cut off for falling behind (their send queue passed its limit)',
    () => hub().dropped,
  );
  counterOf(
    registry,
    'meridian_socket_idle_closed_total',
    'Sockets closed for sending nothing for too long',
    () => hub().idleClosed,
  );
  // PGlite has no pool: its gauges read 0.
  const pool = () => options.database.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
  gaugeOf(
    registry,
    'meridian_db_pool_connections',
    'Database pool connections, idle or busy',
    () => pool().total,
  );
  gaugeOf(registry, 'meridian_db_pool_idle', 'Idle database pool connections', () => pool().idle);
  gaugeOf(
    registry,
    'meridian_db_pool_waiting',
    'Queries waiting for a database pool connection',
    () => pool().waiting,
  );
}
