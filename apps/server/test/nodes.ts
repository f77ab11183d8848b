import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from './app';
import { createTestDatabase, type TestDatabase } from './database';

/** The machine's Redis (as in CI): with REDIS_URL, nodes share realtime events (ARCHITECTURE.md principle 5). */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** The machine's PostgreSQL: several nodes on one database need it, whatever engine the run's other tests use. */
export const TEST_POSTGRES_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

/** What one node may set beyond the installation's Redis, channel and database. */
export type TestNodeOptions = Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'redisUrl' | 'database'>;

export type TestNodes = {
  nodes: TestApp[];
  /** The Redis channel of this installation: a fresh one, so parallel runs on one Redis never mix. */
  channel: string;
  /** The nodes' shared database, when they share one. */
  database: TestDatabase | undefined;
  /** Closes the nodes, the last started first, then drops the shared database. */
  close(): Promise<void>;
};

/**
 * Server nodes of one installation, started in order (so the first takes the engine's lock): whole
 * apps sharing one Redis channel of their own and, by default, one database (on PostgreSQL when
 * `postgres` is set, else on the run's engine); `database: 'own'` gives each node its own.
 */
export async function startTestNodes(
  count: number,
  options: {
    database?: 'shared' | 'own';
    postgres?: boolean;
    /** Runs on the shared database before the first node starts. */
    prepare?: (database: TestDatabase) => Promise<void>;
    /** Each node's own options, by its index. */
    node?: (index: number) => TestNodeOptions;
  } = {},
): Promise<TestNodes> {
  const channel = `meridian:test:${randomBytes(6).toString('hex')}`;
  const shared =
    options.database === 'own'
      ? undefined
      : await createTestDatabase(options.postgres ? { databaseUrl: TEST_POSTGRES_URL } : {});
  if (shared) await options.prepare?.(shared);
  const nodes: TestApp[] = [];
  const close = async () => {
    for (const node of [...nodes].reverse()) await node.close();
    await shared?.drop();
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const own = options.node?.(index) ?? {};
      nodes.push(
        await createTestApp({
          ...own,
          redisUrl: TEST_REDIS_URL,
          realtime: { ...own.realtime, redisChannel: channel },
          database: shared,
        }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { nodes, channel, database: shared, close };
}
