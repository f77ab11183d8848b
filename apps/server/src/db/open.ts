import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { SERVER_LIMITS } from '../limits';
import type { Database, Db, DedicatedConnection } from './database';

type OpenOptions = {
  /** A PostgreSQL URL; without one the embedded engine is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Schema to work in (tests isolate each file in its own); default `public`. */
  searchPath?: string | undefined;
  /** An existing PGlite instance to reuse (tests share one per worker). */
  pglite?: PGlite | undefined;
};

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return `"${name}"`;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const searchPath = options.searchPath ?? 'public';
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: SERVER_LIMITS.databasePoolSizeMax,
      options: `-c search_path=${quoteIdent(searchPath)}`,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    await pool.query(`create schema if not exists ${quoteIdent(searchPath)}`);
    return {
      db: drizzlePostgres(pool) as unknown as Db,
      engine: 'postgres',
      async execute(sqlText) {
        await pool.query(sqlText);
      },
      async close() {
        await pool.end();
      },
      connect: () => connectDedicated(options.databaseUrl as string, searchPath),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  let client = options.pglite;
  const ownsClient = !client;
  if (!client) {
    const dataDir = options.dataDir ?? 'memory://';
    if (!dataDir.startsWith('memory://')) mkdirSync(path.dirname(dataDir), { recursive: true });
    client = await PGlite.create(dataDir);
  }
  const pglite = client;
  await pglite.exec(
    `create schema if not exists ${quoteIdent(searchPath)}; set search_path to ${quoteIdent(searchPath)}`,
  );
  return {
    db: drizzlePglite(pglite) as unknown as Db,
    engine: 'pglite',
    async execute(sqlText) {
      await pglite.exec(sqlText);
    },
    async close() {
      if (ownsClient) await pglite.close();
    },
  };
}

async function connectDedicated(databaseUrl: string, searchPath: string): Promise<DedicatedConnection> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    options: `-c search_path=${quoteIdent(searchPath)}`,
    // A dedicated connection holds or waits for the engine's lock for hours without a word: TCP
    // keep-alive finds a path that died silently, so the lock is not held (or granted) in vain.
    keepAlive: true,
    keepAliveInitialDelayMillis: SERVER_LIMITS.dedicatedConnectionKeepAliveMs,
  });
  const listeners = new Map<string, (payload: string) => void>();
  const lostHandlers: ((error: Error | undefined) => void)[] = [];
  let lost = false;
  const loseWith = (error: Error | undefined) => {
    if (lost) return;
    lost = true;
    for (const handler of lostHandlers) handler(error);
  };
  client.on('error', (error) => loseWith(error));
  client.on('end', () => loseWith(undefined));
  client.on('notification', (message) => listeners.get(message.channel)?.(message.payload ?? ''));
  await client.connect();
  return {
    async query<Row extends Record<string, unknown>>(sqlText: string, params?: unknown[]) {
      return (await client.query<Row>(sqlText, params)).rows;
    },
    async listen(channel, onPayload) {
      listeners.set(channel, onPayload);
      await client.query(`listen ${quoteIdent(channel)}`);
    },
    onLost(handler) {
      lostHandlers.push(handler);
    },
    async close() {
      lost = true;
      await client.end();
    },
  };
}
