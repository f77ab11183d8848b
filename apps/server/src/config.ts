import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies } from './http/trusted-proxies';
import { SERVER_LIMITS } from './limits';

/** Every process setting comes from the environment; everything else lives in the database. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: no proxy is trusted, so X-Forwarded-For is ignored and the peer's address counts.
  TRUSTED_PROXIES: z
    .string()
    .transform((text, check) => {
      const parsed = parseTrustedProxies(text);
      if ('entries' in parsed) return parsed.entries;
      check.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .default([]),
  SOCKETS_PER_ADDRESS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(SERVER_LIMITS.socketsPerAddressMax),
  // Unset: no metrics server. Port 0 picks a free port (tests).
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // After SIGTERM the node keeps serving this long (readiness failing) before it closes, so the
  // load balancer has stopped sending it requests by then (docs/operations.md, "Rolling restarts").
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(SERVER_LIMITS.shutdownDelaySecondsMax).default(0),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicOrigin: string | undefined;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  /** Proxies (addresses, CIDR ranges) whose X-Forwarded-For is believed; empty: none. */
  trustedProxies: string[];
  /** Sockets one client address may hold open at once (on this node). */
  socketsPerAddressMax: number;
  /** The Prometheus metrics server's port (never the public one); undefined: not served. */
  metricsPort: number | undefined;
  /** The address the metrics server listens on; loopback by default. */
  metricsHost: string;
  /** After SIGTERM, how long the node keeps serving before it closes. */
  shutdownDelayMs: number;
};

/** Reads and validates the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const empty = (value: string | undefined) => (value === '' ? undefined : value);
  const parsed = ConfigSchema.safeParse({
    PORT: empty(env.PORT),
    HOST: empty(env.HOST),
    DATA_DIR: empty(env.DATA_DIR),
    DATABASE_URL: empty(env.DATABASE_URL),
    REDIS_URL: empty(env.REDIS_URL),
    PUBLIC_ORIGIN: empty(env.PUBLIC_ORIGIN),
    LOG_LEVEL: empty(env.LOG_LEVEL),
    TRUSTED_PROXIES: empty(env.TRUSTED_PROXIES),
    SOCKETS_PER_ADDRESS_MAX: empty(env.SOCKETS_PER_ADDRESS_MAX),
    METRICS_PORT: empty(env.METRICS_PORT),
    METRICS_HOST: empty(env.METRICS_HOST),
    SHUTDOWN_DELAY_SECONDS: empty(env.SHUTDOWN_DELAY_SECONDS),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  if (value.METRICS_PORT !== undefined && value.METRICS_PORT !== 0 && value.METRICS_PORT === value.PORT)
    throw new Error(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    );
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    publicOrigin: value.PUBLIC_ORIGIN,
    logLevel: value.LOG_LEVEL,
    trustedProxies: value.TRUSTED_PROXIES,
    socketsPerAddressMax: value.SOCKETS_PER_ADDRESS_MAX,
    metricsPort: value.METRICS_PORT,
    metricsHost: value.METRICS_HOST,
    shutdownDelayMs: Math.round(value.SHUTDOWN_DELAY_SECONDS * 1000),
  };
}
