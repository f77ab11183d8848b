import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { extract, Parser, type ReadEntry } from 'tar';
import { refuseWhileServerRuns } from '../server-pid';
import {
  DATA_PREFIX,
  DATABASE_DUMP_NAME,
  entryRefusal,
  isDataFileEntry,
  MANIFEST_NAME,
} from './archive-entries';
import { BACKUP_FORMAT, BackupRefusal, isDirectory, type Manifest } from './backup';

/** Bounds what is held in memory from the archive: the manifest is a few lines. */
const MANIFEST_BYTES_MAX = 64 * 1024;
/** node-tar's read size from the archive file when it extracts (its default is 16 MiB). */
const ARCHIVE_READ_BYTES = 1024 * 1024;
/** Restored files and the folders made for them: customers' data and documents, the owner's only. */
const RESTORED_FILE_MODE = 0o600;
const RESTORED_FOLDER_MODE = 0o700;

/**
 * Restores a backup into DATA_DIR: the embedded database into DATA_DIR/db (built beside it, then
 * renamed into place) and the other files where they were. Refuses while a server runs, and refuses
 * to replace a database that holds anything unless `force` (which removes it first). The archive is
 * read twice: once to check every entry and keep the manifest and the dump, writing nothing, then
 * once to extract DATA_DIR's files, so a refused archive leaves DATA_DIR as it was.
 */
export async function restoreDataDir(options: {
  dataDir: string;
  source: string;
  force?: boolean;
}): Promise<Manifest> {
  const dataDir = path.resolve(options.dataDir);
  const source = path.resolve(options.source);
  refuseWhileServerRuns(dataDir);
  const databaseDir = path.join(dataDir, 'db');
  if ((await isDirectory(databaseDir)) && (await readdir(databaseDir)).length > 0 && !options.force)
    throw new BackupRefusal(
      `${databaseDir} already holds a database: restoring would replace it. Run again with --force to replace it.`,
    );
  const { manifest, dump } = await readBackup(source);
  await mkdir(dataDir, { recursive: true });
  await extractDataFiles(source, dataDir);
  const building = `${databaseDir}.restoring`;
  await rm(building, { recursive: true, force: true });
  // PGlite unpacks its own dump into an empty folder; closing it leaves the folder ready to open.
  const database = await PGlite.create({ dataDir: building, loadDataDir: new Blob([new Uint8Array(dump)]) });
  await database.close();
  await rm(databaseDir, { recursive: true, force: true });
  await rename(building, databaseDir);
  return manifest;
}

/**
 * The first reading: every entry checked (entryRefusal), the manifest and the database dump kept,
 * DATA_DIR's files passed over. The first refused entry stops the reading.
 */
async function readBackup(source: string): Promise<{ manifest: Manifest; dump: Buffer }> {
  let manifestBytes: Buffer | undefined;
  let dump: Buffer | undefined;
  let entries = 0;
  const parser: Parser = new Parser({
    strict: true,
    filter: (_name, entry) => {
      const header = entry as ReadEntry; // a reading's filter is given the archive's entries
      const refusal = entryRefusal(header, entries === 0);
      entries += 1;
      if (refusal !== null) {
        parser.abort(new BackupRefusal(`${source}: ${refusal}`));
        return false;
      }
      if (header.path === MANIFEST_NAME && header.size > MANIFEST_BYTES_MAX) {
        parser.abort(new BackupRefusal(`${source}: the backup manifest is too large`));
        return false;
      }
      return header.path === MANIFEST_NAME || header.path === DATABASE_DUMP_NAME;
    },
    onReadEntry: (entry) => {
      const pieces: Buffer[] = [];
      entry.on('data', (piece: Buffer) => pieces.push(piece));
      entry.on('end', () => {
        if (entry.path === MANIFEST_NAME) manifestBytes = Buffer.concat(pieces);
        else dump = Buffer.concat(pieces);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    const input = createReadStream(source);
    const fail = (error: unknown) => {
      input.destroy();
      reject(asRefusal(source, error));
    };
    input.on('error', fail);
    parser.on('error', fail);
    parser.on('end', () => resolve());
    input.pipe(parser);
  });
  if (!manifestBytes) throw new BackupRefusal(`${source}: not a Meridian backup (no ${MANIFEST_NAME})`);
  const manifest = readManifest(source, manifestBytes);
  if (!dump) throw new BackupRefusal(`${source}: the backup holds no database (${DATABASE_DUMP_NAME})`);
  return { manifest, dump };
}

/**
 * The second reading: DATA_DIR's files written in place. The same rule filters again (the first
 * reading refused anything else), and node-tar's own guards stay on: no `..`, no absolute path, no
 * writing through a symbolic link, strict (any warning fails the restore).
 */
async function extractDataFiles(source: string, dataDir: string): Promise<void> {
  try {
    await extract({
      file: source,
      cwd: dataDir,
      strip: DATA_PREFIX.split('/').length - 1,
      strict: true,
      preservePaths: false,
      preserveOwner: false,
      dmode: RESTORED_FOLDER_MODE,
      maxReadSize: ARCHIVE_READ_BYTES,
      filter: (_name, entry) => isDataFileEntry(entry as ReadEntry),
      onReadEntry: (entry) => {
        // Called before node-tar unpacks the entry: the file is created with this mode, not the archive's.
        entry.mode = RESTORED_FILE_MODE;
      },
    });
  } catch (error) {
    // The first reading checked the archive whole: what fails now is writing into DATA_DIR.
    if (!(error instanceof Error) || !('tarCode' in error)) throw error;
    throw new BackupRefusal(
      (error as NodeJS.ErrnoException).code === 'TAR_SYMLINK_ERROR'
        ? `${dataDir} holds a symbolic link where the backup has files (${error.message}): ` +
            'restore into a DATA_DIR of real folders, then move the files where the link pointed.'
        : `could not restore the files into ${dataDir}: ${error.message}`,
    );
  }
}

function readManifest(source: string, content: Buffer): Manifest {
  let value: Partial<Manifest>;
  try {
    value = JSON.parse(content.toString('utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupRefusal(`${source}: not a Meridian backup (its ${MANIFEST_NAME} is not JSON)`);
  }
  if (value.format !== BACKUP_FORMAT || value.database !== 'pglite')
    throw new BackupRefusal(
      `${source}: unsupported backup (format ${String(value.format)}, database ${String(value.database)})`,
    );
  return value as Manifest;
}

/** node-tar's errors about the archive itself (bad header, cut short, bad gzip) read as a refusal. */
function asRefusal(source: string, error: unknown): unknown {
  if (error instanceof BackupRefusal || !(error instanceof Error) || !('tarCode' in error)) return error;
  return new BackupRefusal(`${source}: not a backup archive, or a damaged one (${error.message})`);
}
