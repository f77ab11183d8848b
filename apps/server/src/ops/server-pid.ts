import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is a folder one process holds open, and PGlite takes no lock of its own: a
 * second process opening it (a backup, another server) would read a half-written state or corrupt
 * it. A server on the embedded database therefore writes its process id to DATA_DIR/server.pid
 * while it runs; the backup, restore and staff:create commands refuse while that process lives.
 */
export const SERVER_PID_FILE = 'server.pid';

/** A command would open the embedded database while a server holds DATA_DIR. */
export class DataDirInUse extends Error {}

/**
 * Refuses while a server holds DATA_DIR: PGlite takes no lock, and a second opener would corrupt the
 * database or write where the running server never looks. Every command line that opens the
 * embedded database calls this first.
 */
export function refuseWhileServerRuns(dataDir: string): void {
  const pid = runningServerPid(dataDir);
  if (pid !== null)
    throw new DataDirInUse(
      `a Meridian server (process ${pid}) is using ${dataDir}: stop it first, then run this again.\n` +
        `If no server runs any more, delete ${path.join(dataDir, SERVER_PID_FILE)} and try again.`,
    );
}

/** Writes this process's id; answers the release (the shutdown removes the file). */
export function writeServerPid(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    // Only our own: a server started after us (a mistake, but possible) keeps its file.
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
}

/** The id of a live server process holding DATA_DIR, or null (no file, or its process is gone). */
export function runningServerPid(dataDir: string): number | null {
  const pid = readPid(path.join(dataDir, SERVER_PID_FILE));
  if (pid === null || pid === process.pid) return null;
  try {
    // Signal 0 tests that the process exists without touching it.
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

function readPid(file: string): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}
