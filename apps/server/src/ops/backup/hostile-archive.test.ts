import { link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDataFileEntry, MANIFEST_NAME } from './archive-entries';
import { BackupRefusal } from './backup';
import { restoreDataDir } from './restore';

/**
 * An archive is input: these build archives a backup never writes (with node-tar itself, naming each
 * entry by hand) and check that a restore refuses them before writing anything, inside DATA_DIR or
 * outside it. No database is needed: the refusal comes before the database is touched.
 */

type Entry =
  | { name: string; content: string }
  | { name: string; symlinkTo: string }
  | { name: string; hardLinkOf: number }
  | { name: string; folder: true };

let workDir: string;
let outside: string;
let counter = 0;

const manifest: Entry = {
  name: MANIFEST_NAME,
  content: JSON.stringify({ format: 1, createdAt: '2026-11-24T00:00:00.000Z', database: 'pglite', files: 1 }),
};

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'meridian-hostile-'));
  outside = path.join(workDir, 'outside');
  await mkdir(outside);
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** A gzipped archive of `entries`, in order, under the names given (whatever they are). */
async function archiveOf(entries: Entry[]): Promise<string> {
  counter += 1;
  const source = path.join(workDir, `source-${counter}`);
  await mkdir(source);
  const names = new Map<string, string>();
  for (const [index, entry] of entries.entries()) {
    const file = path.join(source, String(index));
    if ('content' in entry) await writeFile(file, entry.content);
    else if ('symlinkTo' in entry) await symlink(entry.symlinkTo, file);
    else if ('hardLinkOf' in entry) await link(path.join(source, String(entry.hardLinkOf)), file);
    else await mkdir(file);
    names.set(file, entry.name);
  }
  const archive = path.join(workDir, `hostile-${counter}.tar.gz`);
  // Synchronous: the asynchronous packer can stall on hard links (isaacs/node-tar#460).
  create(
    {
      sync: true,
      file: archive,
      gzip: true,
      cwd: source,
      noDirRecurse: true,
      onWriteEntry: (entry) => {
        entry.path = names.get(entry.absolute) ?? entry.path;
      },
    },
    entries.map((_, index) => String(index)),
  );
  return archive;
}

/** Restores `archive` into a fresh DATA_DIR; answers the refusal, and checks nothing was written. */
async function refusalOf(archive: string): Promise<string> {
  const dataDir = path.join(workDir, `data-${counter}`);
  const refusal = await restoreDataDir({ dataDir, source: archive }).then(
    () => {
      throw new Error('the restore went through');
    },
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(BackupRefusal);
  expect(await readdir(outside)).toEqual([]);
  await expect(readdir(dataDir)).rejects.toThrow(/ENOENT/);
  return (refusal as Error).message;
}

describe('a restore refuses an archive a backup does not write', () => {
  it('refuses an entry that walks out of DATA_DIR', async () => {
    for (const name of ['../evil', 'data/../../evil', 'data/uploads/../../../outside/evil'])
      expect(await refusalOf(await archiveOf([manifest, { name, content: 'x' }]))).toMatch(
        /is not a name a backup writes/,
      );
  });

  it('refuses an absolute path', async () => {
    const name = path.join(outside, 'evil');
    expect(await refusalOf(await archiveOf([manifest, { name, content: 'x' }]))).toMatch(
      /is not a name a backup writes/,
    );
  });

  it('refuses a symbolic link, and so anything written through it', async () => {
    const archive = await archiveOf([
      manifest,
      { name: 'data/uploads', symlinkTo: outside },
      { name: 'data/uploads/evil', content: 'x' },
    ]);
    expect(await refusalOf(archive)).toMatch(/"data\/uploads" is not a regular file \(SymbolicLink\)/);
  });

  it('refuses a hard link and a folder', async () => {
    const hardLink = await archiveOf([
      manifest,
      { name: 'data/a', content: 'x' },
      { name: 'data/b', hardLinkOf: 1 },
    ]);
    expect(await refusalOf(hardLink)).toMatch(/"data\/b" is not a regular file \(Link\)/);
    const folder = await archiveOf([manifest, { name: 'data/uploads', folder: true }]);
    expect(await refusalOf(folder)).toMatch(/not a regular file \(Directory\)/);
  });

  it("refuses files over what the restore makes itself: the database's folders and server.pid", async () => {
    for (const name of ['data/db/PG_VERSION', 'data/db.restoring/x', 'data/server.pid'])
      expect(await refusalOf(await archiveOf([manifest, { name, content: 'x' }]))).toMatch(
        /is not a name a backup writes/,
      );
  });

  it('refuses an archive that does not start with the manifest, or whose manifest is wrong', async () => {
    expect(await refusalOf(await archiveOf([{ name: 'data/a', content: 'x' }, manifest]))).toMatch(
      /not a Meridian backup: it does not start with meridian-backup.json/,
    );
    expect(await refusalOf(await archiveOf([{ name: MANIFEST_NAME, content: 'hello' }]))).toMatch(
      /is not JSON/,
    );
    const otherFormat = { name: MANIFEST_NAME, content: JSON.stringify({ format: 2, database: 'pglite' }) };
    expect(await refusalOf(await archiveOf([otherFormat]))).toMatch(/unsupported backup \(format 2/);
    expect(await refusalOf(await archiveOf([manifest]))).toMatch(/holds no database/);
  });

  it('refuses an archive cut short', async () => {
    const whole = await readFile(
      await archiveOf([manifest, { name: 'data/a', content: 'x'.repeat(50_000) }]),
    );
    const cut = path.join(workDir, 'cut.tar.gz');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await refusalOf(cut)).toMatch(/not a backup archive, or a damaged one/);
  });
});

describe('the second reading, which writes the files', () => {
  it('does not write through a symbolic link already in DATA_DIR', async () => {
    const archive = await archiveOf([
      manifest,
      { name: 'database.tar', content: 'never opened: the files come first' },
      { name: 'data/uploads/a.png', content: 'x' },
    ]);
    const dataDir = path.join(workDir, 'linked-data');
    await mkdir(dataDir);
    await symlink(outside, path.join(dataDir, 'uploads'));
    await expect(restoreDataDir({ dataDir, source: archive })).rejects.toThrow(
      /holds a symbolic link where the backup has files/,
    );
    expect(await readdir(outside)).toEqual([]);
    expect(await readdir(dataDir)).toEqual(['uploads']);
  });

  it('takes only regular files under data/, outside what the restore owns', () => {
    const file = (name: string, type = 'File') => isDataFileEntry({ path: name, type } as never);
    expect(file('data/uploads/2026/11/a.png')).toBe(true);
    expect(file('data/outbox.jsonl')).toBe(true);
    expect(file('data/uploads/a.png', 'OldFile')).toBe(true);
    for (const name of [
      MANIFEST_NAME,
      'database.tar',
      'data/',
      'data/../x',
      'data//x',
      'data/./x',
      '/data/x',
    ])
      expect(file(name)).toBe(false);
    for (const name of ['data/db/x', 'data/db.restoring/x', 'data/server.pid', 'data/a\\b'])
      expect(file(name)).toBe(false);
    for (const type of ['SymbolicLink', 'Link', 'Directory', 'CharacterDevice', 'FIFO'])
      expect(file('data/uploads/a.png', type)).toBe(false);
  });
});
