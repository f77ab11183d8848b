import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import {
  BACKUP_FORMAT,
  BackupRefusal,
  DATA_PREFIX,
  DATABASE_DUMP_NAME,
  isDirectory,
  MANIFEST_NAME,
  type Manifest,
  refuseWhileServerRuns,
} from './backup';
import { readTar } from './tar';

/** Bounds what is held in memory from the archive: the manifest is a few lines. */
const MANIFEST_BYTES_MAX = 64 * 1024;

/**
 * Restores a backup into DATA_DIR: the embedded database into DATA_DIR/db (built beside it, then
 * renamed into place) and the other files where they were. Refuses while a server runs, and refuses
 * to replace a database that holds anything unless `force` (which removes it first).
 */
export async function restoreDataDir(options: {
  dataDir: string;
  source: string;
  force?: boolean;
}): Promise<Manifest> {
  const dataDir = path.resolve(options.dataDir);
  refuseWhileServerRuns(dataDir);
  const databaseDir = path.join(dataDir, 'db');
  if ((await isDirectory(databaseDir)) && (await readdir(databaseDir)).length > 0 && !options.force)
    throw new BackupRefusal(
      `${databaseDir} already holds a database: restoring would replace it. Run again with --force to replace it.`,
    );
  await mkdir(dataDir, { recursive: true });
  const building = `${databaseDir}.restoring`;
  await rm(building, { recursive: true, force: true });
  let manifest: Manifest | undefined;
  let dump: Buffer | undefined;
  await readTar(createReadStream(path.resolve(options.source)).pipe(createGunzip()), (entry) => {
    if (entry.name === MANIFEST_NAME) {
      if (entry.size > MANIFEST_BYTES_MAX) throw new Error('the backup manifest is too large');
      return collect((content) => {
        manifest = readManifest(content);
      });
    }
    if (!manifest) throw new Error(`not a Meridian backup: ${MANIFEST_NAME} does not come first`);
    if (entry.name === DATABASE_DUMP_NAME)
      return collect((content) => {
        dump = content;
      });
    if (!entry.name.startsWith(DATA_PREFIX)) throw new Error(`unexpected entry in the backup: ${entry.name}`);
    return fileSink(path.join(dataDir, entry.name.slice(DATA_PREFIX.length)));
  });
  if (!manifest || !dump) throw new Error('the backup holds no database');
  // PGlite unpacks its own dump into an empty folder; closing it leaves the folder ready to open.
  const database = await PGlite.create({ dataDir: building, loadDataDir: new Blob([new Uint8Array(dump)]) });
  await database.close();
  await rm(databaseDir, { recursive: true, force: true });
  await rename(building, databaseDir);
  return manifest;
}

function readManifest(content: Buffer): Manifest {
  const value = JSON.parse(content.toString('utf8')) as Partial<Manifest>;
  if (value.format !== BACKUP_FORMAT || value.database !== 'pglite')
    throw new Error(
      `unsupported backup (format ${String(value.format)}, database ${String(value.database)})`,
    );
  return value as Manifest;
}

function collect(done: (content: Buffer) => void) {
  const pieces: Buffer[] = [];
  return {
    write: (piece: Buffer) => {
      pieces.push(Buffer.from(piece));
    },
    end: () => done(Buffer.concat(pieces)),
  };
}

/** Writes one restored file (its folder made first), waiting on the disk as it goes. */
function fileSink(file: string) {
  let stream: WriteStream | undefined;
  const open = async () => {
    if (!stream) {
      await mkdir(path.dirname(file), { recursive: true });
      stream = createWriteStream(file, { mode: 0o600 });
    }
    return stream;
  };
  return {
    async write(piece: Buffer) {
      const out = await open();
      if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    },
    async end() {
      const out = await open();
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(() => resolve());
      });
    },
  };
}
