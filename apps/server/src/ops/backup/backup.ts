import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { runningServerPid, SERVER_PID_FILE } from '../server-pid';
import { tarEnd, tarHeader, tarPadding } from './tar';

/** What a backup archive holds, besides the files: read first at restore. */
export const MANIFEST_NAME = 'meridian-backup.json';
/** The embedded database, as PGlite dumps its data folder (a tar of its own). */
export const DATABASE_DUMP_NAME = 'database.tar';
/** DATA_DIR's other files (uploads, the outbox file) under this folder of the archive. */
export const DATA_PREFIX = 'data/';
export const BACKUP_FORMAT = 1;

export type Manifest = { format: number; createdAt: string; database: 'pglite'; files: number };

/** An expected refusal of the command line (server running, wrong mode, existing data): no stack. */
export class BackupRefusal extends Error {}

/** The default archive name, in ./backups: meridian-2026-11-24T11-30-00Z.tar.gz. */
export function defaultBackupPath(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return path.resolve('backups', `meridian-${stamp}.tar.gz`);
}

/** Refuses while a server holds DATA_DIR: PGlite takes no lock, a second opener would corrupt it. */
export function refuseWhileServerRuns(dataDir: string): void {
  const pid = runningServerPid(dataDir);
  if (pid !== null)
    throw new BackupRefusal(
      `a Meridian server (process ${pid}) is using ${dataDir}: stop it first, then run this again.\n` +
        `If no server runs any more, delete ${path.join(dataDir, SERVER_PID_FILE)} and try again.`,
    );
}

/**
 * Backs up the embedded database and DATA_DIR's other files into one gzipped tar at `target`
 * (written beside it first and renamed, so a cut-off run never leaves a file that looks whole). The
 * server must be stopped (docs/decisions.md, "Backups of the embedded database").
 */
export async function backupDataDir(options: {
  dataDir: string;
  target: string;
  now?: Date;
}): Promise<Manifest> {
  const dataDir = path.resolve(options.dataDir);
  const target = path.resolve(options.target);
  refuseWhileServerRuns(dataDir);
  const databaseDir = path.join(dataDir, 'db');
  if (!(await isDirectory(databaseDir))) throw new BackupRefusal(`no embedded database in ${databaseDir}`);
  const files = (await listFiles(dataDir)).filter(
    (relative) =>
      !relative.startsWith('db/') &&
      relative !== SERVER_PID_FILE &&
      path.join(dataDir, relative) !== target &&
      !path.join(dataDir, relative).startsWith(`${target}.`),
  );
  // PGlite opens the folder (replaying its log if the last stop was abrupt) and dumps it whole.
  const database = await PGlite.create(databaseDir);
  let dump: Buffer;
  try {
    dump = Buffer.from(await (await database.dumpDataDir('none')).arrayBuffer());
  } finally {
    await database.close();
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: (options.now ?? new Date()).toISOString(),
    database: 'pglite',
    files: files.length,
  };
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    await pipeline(
      Readable.from(archiveParts(manifest, dump, dataDir, files)),
      createGzip({ level: 6 }),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return manifest;
}

async function* archiveParts(
  manifest: Manifest,
  dump: Buffer,
  dataDir: string,
  files: string[],
): AsyncGenerator<Buffer> {
  const now = Date.now();
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  yield* whole(MANIFEST_NAME, manifestBytes, now);
  yield* whole(DATABASE_DUMP_NAME, dump, now);
  for (const relative of files) {
    const file = path.join(dataDir, relative);
    const info = await stat(file);
    yield tarHeader({ name: `${DATA_PREFIX}${relative}`, size: info.size }, info.mtimeMs);
    let written = 0;
    for await (const piece of createReadStream(file)) {
      written += (piece as Buffer).length;
      yield piece as Buffer;
    }
    // The server is stopped, so no file changes under us; if one did, the archive would be broken.
    if (written !== info.size) throw new Error(`${file} changed while it was backed up`);
    yield tarPadding(info.size);
  }
  yield tarEnd();
}

function* whole(name: string, content: Buffer, modifiedMs: number): Generator<Buffer> {
  yield tarHeader({ name, size: content.length }, modifiedMs);
  yield content;
  yield tarPadding(content.length);
}

/** Regular files under `root`, as relative paths with forward slashes, in a stable order. */
export async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await listFiles(root, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

export async function isDirectory(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory();
  } catch {
    return false;
  }
}
