import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { rowsOf } from '../db/migrate';
import { SERVER_LIMITS } from '../limits';

/** Why this node should not be sent traffic now; `null`: it is ready. */
type NotReadyReason = 'starting' | 'stopping' | 'database_unreachable' | 'migrations_pending';

type ReadinessState = { phase: 'starting' | 'ready' | 'stopping' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this node has started and not begun to stop (the readiness probe's own part). */
    readiness: ReadinessState;
  }
}

/**
 * `GET /readyz`, the load balancer's readiness probe: 200 `{status:'ready'}` only when the database
 * answers, every migration file is applied, and this node has finished starting (every start hook
 * ran) and has not begun to stop; else 503 `{status:'not_ready', reason}`. `/healthz` stays the
 * liveness probe (the process and its database answer). Registered last, in a plugin of its own,
 * so its start hook runs after every area's.
 */
export async function registerReadiness(
  app: FastifyInstance,
  options: { database: Database; migrationsDir: string },
): Promise<void> {
  const state: ReadinessState = { phase: 'starting' };
  app.decorate('readiness', state);
  let expected: Promise<string[]> | undefined;
  const migrationFiles = () => {
    // The files do not change while the process runs; read once, again only after a failed read.
    expected ??= readdir(options.migrationsDir)
      .then((files) => files.filter((file) => file.endsWith('.sql')))
      .catch((error: unknown) => {
        expected = undefined;
        throw error;
      });
    return expected;
  };
  await app.register(async (scope) => {
    scope.addHook('onReady', async () => {
      if (state.phase === 'starting') state.phase = 'ready';
    });
    scope.addHook('preClose', async () => {
      state.phase = 'stopping';
    });
    scope.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      const reason = await notReadyReason(state, options.database, migrationFiles);
      reply.header('cache-control', 'no-store');
      if (reason === null) return { status: 'ready' };
      return reply.status(503).send({ status: 'not_ready', reason });
    });
  });
}

/** Marks the node as stopping: the probe answers 503 at once (the shutdown calls it first). */
export function markNotReady(app: FastifyInstance): void {
  app.readiness.phase = 'stopping';
}

async function notReadyReason(
  state: ReadinessState,
  database: Database,
  migrationFiles: () => Promise<string[]>,
): Promise<NotReadyReason | null> {
  if (state.phase !== 'ready') return state.phase;
  let applied: Set<string>;
  try {
    const rows = await withTimeout(
      database.db.execute<{ name: string }>('select name from schema_migrations'),
      SERVER_LIMITS.readinessDatabaseTimeoutMs,
    );
    applied = new Set(rowsOf<{ name: string }>(rows).map((row) => row.name));
  } catch {
    return 'database_unreachable';
  }
  const files = await migrationFiles().catch(() => null);
  if (files === null) return 'migrations_pending';
  return files.every((file) => applied.has(file)) ? null : 'migrations_pending';
}

/** A probe must answer quickly: a database that does not answer in time is not reachable. */
function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
