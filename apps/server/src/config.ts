import path from 'node:path';
import { z } from 'zod';

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
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicOrigin: string | undefined;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
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
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    publicOrigin: value.PUBLIC_ORIGIN,
    logLevel: value.LOG_LEVEL,
  };
}
