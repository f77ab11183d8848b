import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_PID_FILE } from '../ops/server-pid';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const COMMAND = path.join(ROOT, 'apps/server/src/cli/create-staff.ts');

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-staff-create-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run staff:create` on the embedded database of `dataDir` (DATABASE_URL left out). */
function staffCreate(args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _postgres, ...environment } = process.env;
  return new Promise((resolve) => {
    execFile(
      TSX,
      [COMMAND, ...args],
      {
        cwd: ROOT,
        env: { ...environment, DATA_DIR: dataDir, STAFF_PASSWORD: 'Back-office 2026!', LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const exitCode = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ exitCode, stdout, stderr });
      },
    );
  });
}

describe('npm run staff:create', () => {
  it('refuses while a server holds DATA_DIR: a clear message, exit 1, the database not opened', async () => {
    // This test's own process stands for the running server: alive, and not the command's.
    await writeFile(path.join(dataDir, SERVER_PID_FILE), `${process.pid}\n`);
    const result = await staffCreate(['--email', 'held@meridian.test', '--role', 'support', '--name', 'Mei']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `a Meridian server (process ${process.pid}) is using ${dataDir}: stop it first`,
    );
    expect(result.stderr).toContain('Staff accounts');
    expect(result.stdout).not.toContain('created staff');
    expect(await readdir(dataDir)).toEqual([SERVER_PID_FILE]);
  }, 60_000);

  it('refuses a name with a bidi or invisible character, with the message, before opening anything', async () => {
    for (const name of ['Mei\u202eChan', 'Mei\u200bChan', '\u2066Mei\u2069', '\ufeffMei']) {
      const result = await staffCreate([
        '--email',
        'named@meridian.test',
        '--role',
        'support',
        '--name',
        name,
      ]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('The name contains an invisible or text-direction character');
      expect(await readdir(dataDir)).toEqual([]);
    }
  }, 120_000);
});
