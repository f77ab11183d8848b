import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { MIGRATIONS_DIR } from '../src/paths';
import { seedReferenceData } from '../src/seed';

// Creating a PGlite instance costs seconds, so each test worker shares one and every test file
// works in a schema of its own. On PostgreSQL (DATABASE_URL set) each file gets its own schema too.
const shared = globalThis as { __meridianPglite?: Promise<PGlite> };

export type TestDatabase = Database & { schema: string; drop(): Promise<void> };

/**
 * A fresh, migrated and seeded database for one test file, on whichever engine the run uses, or on
 * the PostgreSQL server `databaseUrl` names (a test of several nodes needs one whatever the run uses).
 */
export async function createTestDatabase(options: { databaseUrl?: string } = {}): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const databaseUrl = options.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  let database: Database;
  if (databaseUrl) {
    database = await openDatabase({ databaseUrl, searchPath: schema });
  } else {
    shared.__meridianPglite ??= PGlite.create('memory://');
    database = await openDatabase({ pglite: await shared.__meridianPglite, searchPath: schema });
  }
  await migrate(database, MIGRATIONS_DIR);
  await seedReferenceData(database.db);
  await moveSimulatorLevels(database, testPriceFactor());
  return {
    ...database,
    schema,
    async drop() {
      await database.execute(`drop schema if exists "${schema}" cascade`);
      await database.close();
    },
  };
}

/**
 * `MERIDIAN_TEST_PRICE_FACTOR` (default 1) multiplies every instrument's base price in test
 * databases, so the simulator starts and wanders at another level (0.42 puts BTC/USDT near 40,000,
 * 1.58 near 150,000). No test may depend on where the simulated market happens to be: running the
 * suites at two very different levels shows it (README, "Tests that hold at any market").
 */
export function testPriceFactor(): string {
  const text = process.env.MERIDIAN_TEST_PRICE_FACTOR?.trim() || '1';
  if (!/^\d{1,3}(\.\d{1,6})?$/.test(text) || Number(text) <= 0) {
    throw new Error(`MERIDIAN_TEST_PRICE_FACTOR must be a positive decimal such as 0.42 (got "${text}")`);
  }
  return text;
}

async function moveSimulatorLevels(database: Database, factor: string): Promise<void> {
  if (factor === '1') return;
  // Rounded to each instrument's precision, as a stored price is.
  await database.execute(
    `update instruments set base_price = round(base_price * ${factor}::numeric, price_precision)`,
  );
}
