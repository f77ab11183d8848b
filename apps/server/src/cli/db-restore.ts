/**
 * Restores a backup made by db:backup: `npm run db:restore -- path/to/backup.tar.gz [--force]`. The
 * server must be stopped; an existing database in DATA_DIR/db is replaced only with --force. With
 * DATABASE_URL it prints the pg_restore procedure and exits 2 (docs/operations.md, "Backups").
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupRefusal } from '../ops/backup/backup';
import { POSTGRES_BACKUP_HELP } from '../ops/backup/postgres-help';
import { restoreDataDir } from '../ops/backup/restore';
import { runBackupCommand } from './backup-command';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(POSTGRES_BACKUP_HELP);
    return 2;
  }
  const source = positionals[0];
  if (!source)
    throw new BackupRefusal('name the backup to restore: npm run db:restore -- backups/<file>.tar.gz');
  const manifest = await restoreDataDir({ dataDir: config.dataDir, source, force: values.force });
  console.log(
    `restored the backup of ${manifest.createdAt} (database and ${manifest.files} files) into ${config.dataDir}`,
  );
  return 0;
}

runBackupCommand(main);
