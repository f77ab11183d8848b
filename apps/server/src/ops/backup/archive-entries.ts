/**
 * Which entries a backup archive may hold. An archive is input, checked at the edge: node-tar already
 * keeps an extraction inside its folder (entries with `..` skipped, absolute paths made relative, no
 * writing through a symbolic link), and on top of that a restore accepts only regular files under the
 * names a backup writes. Links, folders and devices are refused: links are where extraction attacks
 * live, and a backup never holds one.
 */
import type { ReadEntry } from 'tar';
import { SERVER_PID_FILE } from '../server-pid';

/** What a backup archive holds, besides the files: read first at restore. */
export const MANIFEST_NAME = 'meridian-backup.json';
/** The embedded database, as PGlite dumps its data folder (a tar of its own). */
export const DATABASE_DUMP_NAME = 'database.tar';
/** DATA_DIR's other files (uploads, the outbox file) under this folder of the archive. */
export const DATA_PREFIX = 'data/';

/** node-tar's names for a regular file's header types ('0', and the old '\0'). */
const REGULAR_FILE_TYPES = new Set(['File', 'OldFile']);
/** DATA_DIR entries the restore makes itself, or that stand for a running server: never from an archive. */
const RESERVED_DATA_NAMES = new Set(['db', 'db.restoring', SERVER_PID_FILE]);

type EntryHeader = Pick<ReadEntry, 'path' | 'type'>;

/** Relative, forward slashes, no empty, `.` or `..` part: it stays inside the folder it goes to. */
function isSafeRelativePath(name: string): boolean {
  return (
    name.length > 0 &&
    !name.includes('\\') &&
    !name.includes('\u0000') &&
    name.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** A regular file of DATA_DIR (`data/...`), outside what the restore itself owns. */
export function isDataFileEntry(entry: EntryHeader): boolean {
  if (!REGULAR_FILE_TYPES.has(entry.type) || !entry.path.startsWith(DATA_PREFIX)) return false;
  const relative = entry.path.slice(DATA_PREFIX.length);
  return isSafeRelativePath(relative) && !RESERVED_DATA_NAMES.has(relative.split('/')[0] ?? '');
}

/** Why an entry has no place in a backup archive, or null when it has; `first` for the archive's first. */
export function entryRefusal(entry: EntryHeader, first: boolean): string | null {
  const name = JSON.stringify(entry.path);
  if (first && entry.path !== MANIFEST_NAME)
    return `not a Meridian backup: it does not start with ${MANIFEST_NAME} (first entry ${name})`;
  if (!REGULAR_FILE_TYPES.has(entry.type))
    return `refused entry in the backup: ${name} is not a regular file (${entry.type})`;
  if (entry.path === MANIFEST_NAME || entry.path === DATABASE_DUMP_NAME || isDataFileEntry(entry))
    return null;
  return `refused entry in the backup: ${name} is not a name a backup writes`;
}
