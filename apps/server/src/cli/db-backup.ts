/**
 * Backs up the embedded database and DATA_DIR's files: `npm run db:backup [-- path/to/backup.tar.gz]`
 * (default ./backups/meridian-<time>.tar.gz). The server must be stopped: it refuses while one holds
 * DATA_DIR. With DATABASE_URL the database is a PostgreSQL server's: it prints the pg_dump procedure
 * and exits 2 (docs/operations.md, "Backups").
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupDataDir, defaultBackupPath } from '../ops/backup/backup';
import { POSTGRES_BACKUP_HELP } from '../ops/backup/postgres-help';
import { runBackupCommand } from './backup-command';

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(POSTGRES_BACKUP_HELP);
    return 2;
  }
  const target = positionals[0] ?? defaultBackupPath(new Date());
  const manifest = await backupDataDir({ dataDir: config.dataDir, target });
  console.log(`backed up ${config.dataDir} (database and ${manifest.files} files) to ${target}`);
  return 0;
}

runBackupCommand(main);
