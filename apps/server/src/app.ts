import { existsSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LIMITS } from '@meridian/contract/limits';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Clock, type ServerContext, systemClock } from './context';
import type { Database } from './db/database';
import { rowsOf } from './db/migrate';
import { TradingEngine } from './engine/engine';
import { EventBus } from './events';
import { handleError } from './http/error-handler';
import { translate } from './http/i18n';
import { serializeRequest } from './http/log-redaction';
import { requestContext } from './http/request-context';
import securityHeaders from './http/security-headers';
import { installValidationMessages } from './http/validation-messages';
import { type MarketOptions, MarketRuntime } from './market/runtime';
import { openRedisTickRelay, type TickRelay } from './market/tick-relay';
import { CopyTrading } from './modules/copy/copy-runtime';
import { startStrategyTraders } from './modules/copy/strategies/strategy-traders';
import { createOutboxSender, type MessageSender } from './modules/notify/outbox';
import { registerModules } from './modules/register';
import { bridgeOrderEvents } from './modules/trading/trading.realtime';
import { WEB_DIST_DIR } from './paths';
import {
  createRealtimeHub,
  DEFAULT_REDIS_CHANNEL,
  type RealtimeHub,
  type RealtimeHubOptions,
} from './realtime/hub';
import { realtimeRoutes } from './realtime/realtime.routes';
import { createRateLimits } from './security/rate-limits';

export type AppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Pino options, or false for no logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Folder of the built web app; default apps/web/dist. */
  webDistDir?: string;
  /** Where verification codes go; default the outbox file under DATA_DIR. */
  messages?: MessageSender;
  /** Socket hub settings for tests (limits, Redis channel); production takes the defaults. */
  realtime?: Pick<RealtimeHubOptions, 'limits' | 'redisChannel'>;
  /** The live market: by default it fills history and runs by itself; tests tick it by hand. */
  market?: MarketOptions;
  /** The platform's strategy traders (seeded, replayed, trading live). Default true; tests leave them out. */
  strategyTraders?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket hub, for producers outside the modules and for tests. */
    realtime: RealtimeHub;
    /** The live market, for tests that tick it by hand. */
    market: MarketRuntime;
    /** The trading engine (triggers, stop-out, forex.trade), for tests and operations. */
    engine: TradingEngine;
    /** The domain events, for producers outside the modules and for tests. */
    events: EventBus;
    /** Copy trading's mirroring and sweep, for tests (`idle`, `sweep`). */
    copyTrading: CopyTrading;
  }
}

const API_DESCRIPTION = [
  'The Meridian customer API. Every answer is `{code, msg, data}`: code 1 is success, 999 an invalid',
  'session, anything else a refusal whose `msg` is in the language of the `lang` header.',
  'Fields may be sent as query, form-urlencoded or JSON. Send the session token in `authorization`.',
  'Prices are simulated by the built-in market simulator unless a real feed is configured.',
].join(' ');

const TRUSTED_PROXIES = 'loopback, linklocal, uniquelocal';

/** Builds the whole HTTP and socket application without listening, so tests can inject requests. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  installValidationMessages();
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel, serializers: { req: serializeRequest } },
    bodyLimit: LIMITS.requestBodyBytesMax,
    // X-Forwarded-For is believed only from a proxy on this host or a private network: trusting it
    // from anyone would let a client pick its own address and walk around the per-address limits.
    trustProxy: TRUSTED_PROXIES,
    forceCloseConnections: true,
    // A first start fills the market's history and replays the strategy traders in onReady hooks:
    // seconds of work that Fastify's default 10 s limit would cut short on a busy machine.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  const realtime = await createRealtimeHub({
    ...options.realtime,
    log: app.log,
    redisUrl: options.config.redisUrl,
  });
  app.decorate('realtime', realtime);
  app.addHook('onClose', () => realtime.close());

  const clock = options.clock ?? systemClock;
  // Several nodes share one database and Redis: the feed runs on the engine's node only.
  const relay = await openTickRelay(options, app.log);
  const market = new MarketRuntime(
    { db: options.database.db, clock, realtime, log: app.log },
    relay ? { ...options.market, follow: { relay, leads: () => engine.isActive } } : options.market,
  );
  // Started when the app is ready (history is filled before the first request), stopped (candles
  // written) when it closes.
  app.decorate('market', market);
  app.addHook('onReady', () => market.start());
  app.addHook('onClose', async () => {
    await market.stop();
    await relay?.close();
  });

  const context: ServerContext = {
    config: options.config,
    database: options.database,
    db: options.database.db,
    clock,
    limits: createRateLimits(),
    messages: options.messages ?? createOutboxSender(options.config.dataDir),
    realtime,
    market,
    events: new EventBus(app.log),
  };

  // The order events reach the sockets (forex.closed) on every node; the engine (triggers, stop-out,
  // forex.trade) runs on one. Both start once the market runs and stop before it.
  const orderPushes = bridgeOrderEvents(context);
  const engine = new TradingEngine(context, app.log);
  // Copy trading mirrors on every node (each hears its own commits' events) and sweeps on the
  // engine's node.
  const copyTrading = new CopyTrading(context, app.log, {
    isActive: () => engine.isActive,
    autoSweep: options.market?.autoStart ?? true,
  });
  app.decorate('engine', engine);
  app.decorate('events', context.events);
  app.decorate('copyTrading', copyTrading);
  app.addHook('onReady', async () => {
    await orderPushes.warm();
    await engine.start();
    copyTrading.start();
  });
  let strategyTraders: { stop(): Promise<void> } | undefined;
  if (options.strategyTraders ?? true) {
    // Its own hook after the engine's: seeding and the first start's replay need the running engine.
    app.addHook('onReady', async () => {
      strategyTraders = await startStrategyTraders(context, {
        log: app.log,
        isActive: () => engine.isActive,
      });
    });
  }
  app.addHook('onClose', async () => {
    await strategyTraders?.stop();
    await copyTrading.stop();
    orderPushes.close();
    await engine.stop();
  });

  await app.register(securityHeaders);
  await app.register(formbody);
  await app.register(requestContext);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Meridian API', version: '0.1.0', description: API_DESCRIPTION },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await context.db.execute('select 1');
    return { status: 'ok' };
  });

  await registerModules(app, context);
  await app.register(realtimeRoutes, { context, hub: realtime });
  await registerWebApp(app, options.webDistDir ?? WEB_DIST_DIR);
  return app;
}

/** Serves the built web app, answering unknown paths with index.html (client-side routes). */
async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/v1/');
    if (isApi || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ code: 0, msg: translate(request.lang, 'error.not_found'), data: null });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}

/**
 * The tick relay of an installation with several nodes (PostgreSQL and REDIS_URL), on a channel of
 * its own per database schema, so installations (and test schemas) sharing a Redis never mix ticks.
 */
async function openTickRelay(options: AppOptions, log: FastifyBaseLogger): Promise<TickRelay | undefined> {
  const url = options.config.redisUrl;
  if (options.database.engine !== 'postgres' || url === undefined) return undefined;
  const schema = rowsOf<{ schema: string }>(
    await options.database.db.execute(sql`select current_schema() as schema`),
  )[0]?.schema;
  const channel = `${options.realtime?.redisChannel ?? DEFAULT_REDIS_CHANNEL}:ticks:${schema ?? 'public'}`;
  return openRedisTickRelay({ url, channel, log });
}
