import path from 'node:path';
import type { Config } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { MIGRATIONS_DIR } from './paths';
import { seedReferenceData } from './seed';

/** Opens the configured database (embedded by default), migrates it and seeds reference data. */
export async function prepareDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  await migrate(database, MIGRATIONS_DIR);
  await seedReferenceData(database.db);
  return database;
}
