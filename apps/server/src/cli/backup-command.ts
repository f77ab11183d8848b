import { BackupRefusal } from '../ops/backup/backup';
import { DataDirInUse } from '../ops/server-pid';

/**
 * Runs db:backup's or db:restore's main and exits with its code. A refusal (or DATA_DIR held by a
 * running server) is said as its message alone; anything else is printed whole, and exits 1.
 */
export function runBackupCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof BackupRefusal || error instanceof DataDirInUse ? error.message : error);
      process.exit(1);
    },
  );
}
