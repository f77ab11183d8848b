import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LIMITS } from '@meridian/contract/limits';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { AREAS, type AreaOptions } from './areas';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { ServerContext } from './context';
import type { Database } from './db/database';
import { EventBus } from './events';
import corsPolicy from './http/cors';
import { handleError } from './http/error-handler';
import { translate } from './http/i18n';
import { inlineScriptHashes } from './http/inline-script-hashes';
import { serializeError, serializeRequest } from './http/log-redaction';
import noStore from './http/no-store';
import { requestContext } from './http/request-context';
import securityHeaders, { type SecurityHeadersOptions } from './http/security-headers';
import { installValidationMessages } from './http/validation-messages';
import { webBuildApiOrigin } from './http/web-build-api-origin';
import gracefulClose from './lifecycle/graceful-close';
import { SERVER_LIMITS } from './limits';
import type { Area } from './modules/area';
import { orderAreas } from './modules/area-order';
import type { CopyTrading } from './modules/copy/copy.public';
import type { ExecutionQualityJob } from './modules/execution/execution.public';
import {
  feedHealthReport,
  type MarketOptions,
  type MarketRuntime,
  openLiveMarket,
} from './modules/market/market.public';
import { countUndeliveredMessages, type NotifyAreaOptions } from './modules/notify/notify.public';
import { type ProposalHandlers, registerStaff } from './modules/staff/staff.public';
import type { TradingEngine } from './modules/trading/trading.public';
import { registerMetrics } from './ops/app-metrics';
import { registerOutboxGauges } from './ops/metrics';
import { registerReadiness } from './ops/readiness';
import { ADMIN_DIST_DIR, MIGRATIONS_DIR, WEB_DIST_DIR } from './paths';
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
  /** Pino options (our serializers always apply), or false for no logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Folder of the built web app; default apps/web/dist. */
  webDistDir?: string;
  /** Folder of the built back office (served under /admin); default apps/admin/dist. */
  adminDistDir?: string;
  /**
   * The outbox's sender: by default it polls by itself with the configured transports; tests deliver
   * by hand (`autoStart` false) or replace a transport.
   */
  outbox?: Partial<NotifyAreaOptions['notify']>;
  /** Socket hub settings for tests (limits, Redis channel); production takes the defaults. */
  realtime?: Pick<RealtimeHubOptions, 'limits' | 'redisChannel'>;
  /** The live market: by default it fills history and runs by itself; tests tick it by hand. */
  market?: MarketOptions;
  /** The platform's strategy traders (seeded, replayed, trading live). Default true; tests leave them out. */
  strategyTraders?: boolean;
  /** The business areas to mount (src/areas.ts); a test may mount a list of its own. */
  areas?: readonly Area<AreaOptions>[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket hub, for producers outside the modules and for tests. */
    realtime: RealtimeHub;
    /** The domain events, for producers outside the modules and for tests. */
    events: EventBus;
    /** The live market, for tests that tick it by hand (the market area decorates it). */
    market: MarketRuntime;
    /** The trading engine (triggers, stop-out, forex.trade), for tests and operations (the trading area's). */
    engine: TradingEngine;
    /** Copy trading's mirroring and sweep, for tests (`idle`, `sweep`) (the copy area's). */
    copyTrading: CopyTrading;
    /** The execution-quality job, for tests and operations (the execution area's). */
    executionQuality: ExecutionQualityJob;
  }
}

const API_DESCRIPTION = [
  'The Meridian customer API. Every answer is `{code, msg, data}`: code 1 is success, 999 an invalid',
  'session, anything else a refusal whose `msg` is in the language of the `lang` header.',
  'Fields may be sent as query, form-urlencoded or JSON. Send the session token in `authorization`.',
  'Prices are simulated by the built-in market simulator unless a real feed is configured.',
].join(' ');

/** Builds the whole HTTP and socket application without listening, so tests can inject requests. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // First, so that a list of areas that cannot start is refused before anything is opened.
  const areas = orderAreas(options.areas ?? AREAS);
  installValidationMessages();
  const app = Fastify({
    logger: loggerOptions(options),
    bodyLimit: LIMITS.requestBodyBytesMax,
    // X-Forwarded-For is believed only from the proxies TRUSTED_PROXIES names (none by default):
    // trusting it from anyone else would let a client pick its own address and walk around the
    // per-address limits (docs/decisions.md, "Trusted proxies").
    trustProxy: options.config.trustedProxies.length > 0 ? options.config.trustedProxies : false,
    // At close, only idle connections are cut; requests in flight finish, and those that arrive
    // meanwhile are still answered, with `Connection: close` (lifecycle/graceful-close.ts).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // A first start fills the market's history and replays the strategy traders in onReady hooks.
    pluginTimeout: SERVER_LIMITS.startHooksTimeoutMs,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  const realtime = await createRealtimeHub({
    ...options.realtime,
    limits: { socketsPerAddressMax: options.config.socketsPerAddressMax, ...options.realtime?.limits },
    log: app.log,
    redisUrl: options.config.redisUrl,
  });
  app.decorate('realtime', realtime);
  app.addHook('onClose', () => realtime.close());

  const clock = options.clock ?? systemClock;
  // With several nodes (PostgreSQL and Redis) the node holding the trading engine's lock leads: it
  // runs the feed, the copy sweep and the strategy traders.
  const leads = () => app.engine.isActive;
  const market = await openLiveMarket(
    {
      config: options.config,
      database: options.database,
      clock,
      realtime,
      log: app.log,
      redisChannel: options.realtime?.redisChannel ?? DEFAULT_REDIS_CHANNEL,
      leads,
    },
    options.market,
  );
  const context: ServerContext = {
    config: options.config,
    database: options.database,
    db: options.database.db,
    clock,
    limits: createRateLimits(),
    realtime,
    market: market.runtime,
    events: new EventBus(app.log),
  };
  app.decorate('events', context.events);
  // Before every route, so each one's answers are measured (docs/operations.md, "Metrics").
  registerMetrics(app, {
    database: options.database,
    realtime,
    events: context.events,
    feed: () => feedHealthReport(market.runtime, clock.now().getTime()),
    defaultMetrics: options.config.metricsPort !== undefined,
  });
  registerOutboxGauges(app.metrics.registry, () => countUndeliveredMessages(context.db));

  const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
  const webIndex = path.join(webDistDir, 'index.html');
  await registerPlatform(app, context, {
    scriptHashes: inlineScriptHashes(webIndex),
    webApiOrigin: webBuildApiOrigin(webIndex),
  });
  // Jobs that run by themselves in the server follow the market's switch; tests drive them by hand.
  const autoStart = options.market?.autoStart ?? true;
  const areaOptions: AreaOptions = {
    leads,
    market,
    copy: { autoSweep: autoStart, strategyTraders: options.strategyTraders ?? true },
    execution: { autoStart },
    notify: { autoStart: options.outbox?.autoStart ?? true, transports: options.outbox?.transports },
    dashboard: {
      sockets: () => realtime.stats().sockets,
      feed: (nowMs) => feedHealthReport(market.runtime, nowMs),
    },
  };
  // Each area's start hooks run in this order and its stop hooks in the reverse one.
  for (const area of areas) await area.register?.(app, context, areaOptions);
  // Control changes wait for a second admin; the areas that own them say how they apply.
  const proposalHandlers: ProposalHandlers = {};
  for (const area of areas) Object.assign(proposalHandlers, area.proposals);
  await registerStaff(app, context, {
    backOfficeRoutes: areas.flatMap((area) => (area.backOffice ? [area.backOffice(areaOptions)] : [])),
    proposalHandlers,
  });
  await app.register(realtimeRoutes, { context, hub: realtime });
  await registerAdminApp(app, options.adminDistDir ?? ADMIN_DIST_DIR);
  await registerWebApp(app, webDistDir);
  // Last, so the node counts as ready only once every other start hook has run.
  await registerReadiness(app, { database: options.database, migrationsDir: MIGRATIONS_DIR });
  return app;
}

/** What every area's routes share: security headers, form bodies, the request context, the API docs, the health check. */
async function registerPlatform(
  app: FastifyInstance,
  context: ServerContext,
  page: SecurityHeadersOptions,
): Promise<void> {
  await app.register(gracefulClose);
  await app.register(securityHeaders, page);
  // The app on another origin (CORS_ORIGINS): its preflights are answered here, before any guard.
  await app.register(corsPolicy, { origins: context.config.corsOrigins });
  await app.register(noStore);
  // Answers of 1 KiB and more compressed at a cheap level (brotli 4, gzip 5: most of the gain for
  // little CPU). Registered before every route (it hooks each route as it is added). The built
  // files come precompressed (scripts/precompress.mjs) with their Content-Encoding set, which this
  // leaves alone; the socket upgrade is hijacked and never reaches it. Request bodies are not
  // decompressed: a compressed body stays refused as before.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
    globalDecompression: false,
  });
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
}

/** Our serializers keep secrets out of every log line: masked URLs, no query parameter values. */
function loggerOptions(options: AppOptions): false | Record<string, unknown> {
  if (options.logger === false) return false;
  return {
    level: options.config.logLevel,
    ...(typeof options.logger === 'object' ? options.logger : {}),
    serializers: { req: serializeRequest, err: serializeError },
  };
}

/**
 * Serves the built back office under /admin: its own bundle (the customer app never loads it), its
 * client routes (any other /admin/... address) answered with its index.html. Its API is /admin/api.
 */
async function registerAdminApp(app: FastifyInstance, adminDistDir: string): Promise<void> {
  const indexFile = path.join(adminDistDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = await readFile(indexFile, 'utf8');
  await app.register(async (admin) => {
    await admin.register(fastifyStatic, {
      root: adminDistDir,
      prefix: '/admin/',
      wildcard: false,
      index: false,
      decorateReply: false,
      ...BUILT_FILES,
    });
    const sendIndex = (_request: unknown, reply: FastifyReply) =>
      reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    admin.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/'));
    admin.get('/admin/', { schema: { hide: true } }, sendIndex);
    // Every other address under /admin is one of the app's client routes (its router shows its own
    // "no such page"), except the API's and the built files', which answer their own not-found.
    admin.get('/admin/*', { schema: { hide: true } }, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname.startsWith('/admin/api/') || pathname.startsWith('/admin/assets/')) {
        return reply
          .status(404)
          .send({ code: 0, msg: translate(request.lang, 'error.not_found'), data: null });
      }
      return sendIndex(request, reply);
    });
  });
}

/**
 * How both apps' built files are sent: the precompressed `.br`/`.gz` twin the browser accepts (with
 * Content-Encoding and Vary: Accept-Encoding), never the twins under their own names; content-hashed
 * files under assets/ cached for a year, everything else (index.html, manifest.json, icons)
 * revalidated on every use.
 */
const BUILT_FILES = {
  preCompressed: true,
  globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
  cacheControl: false,
  setHeaders(reply: FastifyReply, filePath: string) {
    // Vite puts every hashed file straight in assets/.
    const hashed = path.basename(path.dirname(filePath)) === 'assets';
    reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
};

/** Serves the built web app, answering unknown paths with index.html (client-side routes). */
async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: ['index.html'],
      ...BUILT_FILES,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing built file (an old hash, a source map) is not a client route.
    const isFile = pathname.startsWith('/assets/') || pathname.endsWith('.map');
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/v1/');
    if (isApi || isFile || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ code: 0, msg: translate(request.lang, 'error.not_found'), data: null });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
