import path from 'node:path';
import { z } from 'zod';
import { type FeedConfig, loadFeedConfig } from './feed-config';
import { parseCorsOrigins } from './http/cors-origins';
import { parseTrustedProxies } from './http/trusted-proxies';
import { SERVER_LIMITS } from './limits';

/** Every process setting comes from the environment; everything else lives in the database. */
const ConfigSchema = z
  .object({
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
    // Unset: no origin but the server's own may call the API from a browser (no CORS headers at all).
    CORS_ORIGINS: z
      .string()
      .transform((text, check) => {
        const parsed = parseCorsOrigins(text);
        if ('origins' in parsed) return parsed.origins;
        check.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      })
      .default([]),
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
    // Unset: e-mail goes to DATA_DIR/outbox.jsonl (docs/operations.md "Delivery").
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must start with smtp:// or smtps:// and name a host')
      .optional(),
    MAIL_FROM: z
      .string()
      .max(320)
      .regex(/^[^\r\n]*@[^\r\n]*$/, 'MAIL_FROM must be an address (Name <address@host> or address@host)')
      .optional(),
    // Unset: SMS go to DATA_DIR/outbox.jsonl.
    SMS_WEBHOOK_URL: z
      .url({ protocol: /^https?$/, error: 'SMS_WEBHOOK_URL must be an http:// or https:// address' })
      .optional(),
    SMS_WEBHOOK_SECRET: z.string().min(16, 'SMS_WEBHOOK_SECRET must have at least 16 characters').optional(),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  })
  .superRefine((value, check) => {
    if (value.SMTP_URL && !value.MAIL_FROM) {
      check.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'MAIL_FROM is required with SMTP_URL' });
    }
    if (value.SMS_WEBHOOK_URL && !value.SMS_WEBHOOK_SECRET) {
      check.addIssue({
        code: 'custom',
        path: ['SMS_WEBHOOK_SECRET'],
        message: 'SMS_WEBHOOK_SECRET is required with SMS_WEBHOOK_URL',
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicOrigin: string | undefined;
  /**
   * The web origins (exact `scheme://host[:port]`) allowed to call the API from a browser and to open
   * its socket (the app on its own origin, spec section 7's api host); empty: none but our own.
   */
  corsOrigins: string[];
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
  /** E-mail over SMTP; unset: e-mail goes to the outbox file. */
  smtp: { url: string; from: string } | undefined;
  /** SMS through the webhook adapter; unset: SMS go to the outbox file. */
  smsWebhook: { url: string; secret: string } | undefined;
  /** Delivery tries of one message before it is marked failed. */
  outboxMaxAttempts: number;
  /** The price feeds (PRICE_FEED and the rest: feed-config.ts). */
  feeds: FeedConfig;
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
    CORS_ORIGINS: empty(env.CORS_ORIGINS),
    LOG_LEVEL: empty(env.LOG_LEVEL),
    TRUSTED_PROXIES: empty(env.TRUSTED_PROXIES),
    SOCKETS_PER_ADDRESS_MAX: empty(env.SOCKETS_PER_ADDRESS_MAX),
    METRICS_PORT: empty(env.METRICS_PORT),
    METRICS_HOST: empty(env.METRICS_HOST),
    SHUTDOWN_DELAY_SECONDS: empty(env.SHUTDOWN_DELAY_SECONDS),
    SMTP_URL: empty(env.SMTP_URL),
    MAIL_FROM: empty(env.MAIL_FROM),
    SMS_WEBHOOK_URL: empty(env.SMS_WEBHOOK_URL),
    SMS_WEBHOOK_SECRET: empty(env.SMS_WEBHOOK_SECRET),
    OUTBOX_MAX_ATTEMPTS: empty(env.OUTBOX_MAX_ATTEMPTS),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  const feeds = loadFeedConfig(env);
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
    corsOrigins: value.CORS_ORIGINS,
    logLevel: value.LOG_LEVEL,
    trustedProxies: value.TRUSTED_PROXIES,
    socketsPerAddressMax: value.SOCKETS_PER_ADDRESS_MAX,
    metricsPort: value.METRICS_PORT,
    metricsHost: value.METRICS_HOST,
    shutdownDelayMs: Math.round(value.SHUTDOWN_DELAY_SECONDS * 1000),
    smtp: value.SMTP_URL && value.MAIL_FROM ? { url: value.SMTP_URL, from: value.MAIL_FROM } : undefined,
    smsWebhook:
      value.SMS_WEBHOOK_URL && value.SMS_WEBHOOK_SECRET
        ? { url: value.SMS_WEBHOOK_URL, secret: value.SMS_WEBHOOK_SECRET }
        : undefined,
    outboxMaxAttempts: value.OUTBOX_MAX_ATTEMPTS,
    feeds,
  };
}
