import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { create } from 'tar';
import { refuseWhileServerRuns, SERVER_PID_FILE } from '../server-pid';
import { DATA_PREFIX, DATABASE_DUMP_NAME, MANIFEST_NAME } from './archive-entries';

export const BACKUP_FORMAT = 1;
/** node-tar's read size for each file it packs (its default is 16 MiB). */
const ARCHIVE_READ_BYTES = 1024 * 1024;

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
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: (options.now ?? new Date()).toISOString(),
    database: 'pglite',
    files: files.length,
  };
  await mkdir(path.dirname(target), { recursive: true });
  // The manifest and the dump go through files beside the archive (node-tar packs files), so the dump
  // leaves memory before the archive is written.
  const parts = `${target}.parts`;
  const partial = `${target}.partial`;
  await rm(parts, { recursive: true, force: true });
  await mkdir(parts, { recursive: true, mode: 0o700 });
  try {
    await writeFile(path.join(parts, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await dumpDatabase(databaseDir, path.join(parts, DATABASE_DUMP_NAME));
    writeArchive(partial, parts, dataDir, files);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(parts, { recursive: true, force: true });
  }
  return manifest;
}

/** PGlite opens the folder (replaying its log if the last stop was abrupt) and dumps it whole. */
async function dumpDatabase(databaseDir: string, file: string): Promise<void> {
  const database = await PGlite.create(databaseDir);
  try {
    const dump = await database.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await database.close();
  }
}

/**
 * The gzipped archive: the manifest first, then the dump, then DATA_DIR's files under `data/`. Every
 * entry is added by its absolute path and named in the archive from this map, so no name comes from
 * anywhere else. The files live outside node-tar's `cwd` (the parts folder), so two hard links to one
 * file go in as two regular files, never as a link entry a restore would refuse.
 *
 * Synchronous on purpose: node-tar's asynchronous packer can stall for good on hard-linked files
 * (isaacs/node-tar#460: the promise never settles and the process exits 0 with half an archive),
 * and the synchronous one takes another path for them. A command line can block its own event loop.
 */
function writeArchive(file: string, parts: string, dataDir: string, files: string[]): void {
  const names = new Map<string, string>([
    [path.join(parts, MANIFEST_NAME), MANIFEST_NAME],
    [path.join(parts, DATABASE_DUMP_NAME), DATABASE_DUMP_NAME],
    ...files.map((relative): [string, string] => [path.join(dataDir, relative), `${DATA_PREFIX}${relative}`]),
  ]);
  create(
    {
      sync: true,
      file,
      mode: 0o600,
      gzip: { level: 6 },
      cwd: parts,
      // Absolute paths in, archive names out: each entry's name is set from `names` just below.
      preservePaths: true,
      portable: true,
      // Reads each file in pieces of at most this size, not whole.
      maxReadSize: ARCHIVE_READ_BYTES,
      // A file replaced by a link or a folder since it was listed is left out: the server is
      // stopped, so this does not happen unless someone works in DATA_DIR during the backup.
      filter: (_name, entry) => 'isFile' in entry && entry.isFile(),
      onWriteEntry: (entry) => {
        const name = names.get(entry.absolute);
        // Every path given to create() is a key of `names`; anything else is a bug here.
        if (name === undefined) throw new Error(`backup archive: unexpected entry ${entry.absolute}`);
        entry.path = name;
      },
    },
    [...names.keys()],
  );
}

/** Regular files under `root`, as relative paths with forward slashes, in a stable order. */
async function listFiles(root: string, prefix = ''): Promise<string[]> {
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
