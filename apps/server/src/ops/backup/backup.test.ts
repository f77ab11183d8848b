import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Order } from '@meridian/contract/trading';
import { asAccountId, asUserId } from '@meridian/domain/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, PASSWORD, registerByEmail } from '../../../test/accounts';
import { createTestClock } from '../../../test/app';
import type { TestDatabase } from '../../../test/database';
import { detail } from '../../../test/funds';
import { fetchImage, makeImage, upload } from '../../../test/images';
import { ManualFeed } from '../../../test/manual-feed';
import { allowRealTradingOnSimulatedPrices } from '../../../test/simulated-prices';
import { EURUSD, EURUSD_BUY, moveTo, submit, type TradingApp } from '../../../test/trading';
import { buildApp } from '../../app';
import { prepareDatabase } from '../../boot';
import { loadConfig } from '../../config';
import { postToLedger } from '../../modules/ledger/ledger.service';
import { SERVER_PID_FILE } from '../server-pid';
import { BackupRefusal, backupDataDir } from './backup';
import { restoreDataDir } from './restore';

/**
 * The whole server on an embedded database in a DATA_DIR of its own (on disk, as in production):
 * what a backup copies. Always PGlite: the commands are for the embedded database only.
 */
async function serverOn(dataDir: string): Promise<TradingApp> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUSTED_PROXIES: '127.0.0.1' });
  const database = await prepareDatabase(config);
  const clock = createTestClock();
  const feed = new ManualFeed(clock);
  const app = await buildApp({
    config,
    database,
    clock,
    logger: false,
    market: { autoStart: false, backfill: false, feed },
    strategyTraders: false,
    webDistDir: path.join(dataDir, 'no-web'),
    adminDistDir: path.join(dataDir, 'no-admin'),
  });
  await app.ready();
  // The simulator's prices: real accounts may trade on them here, as in every test server
  // (test/simulated-prices.ts). A restored server finds the setting in the restored database.
  await allowRealTradingOnSimulatedPrices(app, database.db);
  const testDatabase: TestDatabase = { ...database, schema: 'public', drop: () => database.close() };
  return {
    app,
    database: testDatabase,
    dataDir,
    clock,
    feed,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let workDir: string;
let original: string;
let restored: string;
let archive: string;
const email = freshEmail('backup');
let imageUrl: string;
let imageBytes: Buffer;
let placed: Order;
let balanceBefore: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'meridian-backup-'));
  original = path.join(workDir, 'original');
  restored = path.join(workDir, 'restored');
  archive = path.join(workDir, 'backups', 'meridian.tar.gz');
  const t = await serverOn(original);
  try {
    await moveTo(t, EURUSD, '1.08500');
    const session = await registerByEmail(t, email);
    const accountId = asAccountId(
      Number(
        (
          (await t.database.db.execute(
            `select id from trading_accounts where user_id = ${session.user.id}`,
          )) as {
            rows: { id: number }[];
          }
        ).rows[0]?.id,
      ),
    );
    await t.database.db.transaction((tx) =>
      postToLedger(tx, {
        accountId,
        at: t.clock.now(),
        entries: [{ bucket: 'balance', amount: '2500', kind: 'deposit', memoKey: 'ledger.deposit' }],
      }),
    );
    const trader = { token: session.token, userId: asUserId(session.user.id), accountId };
    const answer = await submit(t, trader, EURUSD_BUY);
    expect(answer.code).toBe(1);
    placed = answer.data;
    balanceBefore = (await detail(t, session.token)).balance;
    const uploaded = await upload(t, session.token, await makeImage('png'));
    expect(uploaded.code).toBe(1);
    imageUrl = uploaded.data?.url ?? '';
    imageBytes = (await fetchImage(t, imageUrl, session.token)).bytes;
  } finally {
    await t.close();
  }
}, 120_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('db:backup and db:restore on the embedded database', () => {
  it('restore into a fresh DATA_DIR a server that finds the same users, balances, orders and files', async () => {
    // Two names for one file go in as two regular files (a restore refuses link entries), and many
    // of them across folders do not stall the archive writer (isaacs/node-tar#460).
    await link(path.join(original, 'outbox.jsonl'), path.join(original, 'outbox-link.jsonl'));
    const linked = path.join(original, 'linked');
    // The shape that stalls node-tar's asynchronous packer: the linked file is not the first listed.
    for (let index = 0; index < 20; index += 1) {
      const folder = path.join(linked, `folder-${index}`);
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'own.txt'), `own ${index}`);
      if (index === 0) await writeFile(path.join(folder, 'source.txt'), 'shared');
      else await link(path.join(linked, 'folder-0', 'source.txt'), path.join(folder, 'shared.txt'));
    }
    const manifest = await backupDataDir({ dataDir: original, target: archive });
    expect(manifest.database).toBe('pglite');
    expect(manifest.files).toBeGreaterThanOrEqual(3 + 40); // the image, the outbox file twice, linked/
    await restoreDataDir({ dataDir: restored, source: archive });
    const uploads = await readdir(path.join(restored, 'uploads'), { recursive: true, withFileTypes: true });
    const restoredImage = uploads.find((entry) => entry.isFile());
    expect(restoredImage).toBeDefined();
    // Customers' documents come back readable by the server's user only.
    const imageMode = (await stat(path.join(restoredImage?.parentPath ?? '', restoredImage?.name ?? '')))
      .mode;
    expect(imageMode & 0o777).toBe(0o600);
    expect(await readFile(path.join(restored, 'outbox.jsonl'), 'utf8')).toContain(email.toLowerCase());
    expect(await readFile(path.join(restored, 'outbox-link.jsonl'), 'utf8')).toContain(email.toLowerCase());
    expect(await readFile(path.join(restored, 'linked', 'folder-19', 'shared.txt'), 'utf8')).toBe('shared');

    const t = await serverOn(restored);
    try {
      const login = await call<{ token: string }>(t, 'POST', '/api/user/loginForU', {
        type: 'email',
        account: email,
        password: PASSWORD,
      });
      expect(login.code).toBe(1);
      const token = login.data.token;
      expect((await detail(t, token)).balance).toBe(balanceBefore);
      const holding = await call<{ data: Order[] }>(
        t,
        'GET',
        '/v1/api/forex/my_deal',
        { status: 1 },
        { token },
      );
      expect(holding.data.data.map((order) => order.Id)).toEqual([placed.Id]);
      const image = await fetchImage(t, imageUrl, token);
      expect(image.status).toBe(200);
      expect(image.bytes.equals(imageBytes)).toBe(true);
      expect(t.app.engine.stats()).toMatchObject({ openPositions: 1 });
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses to replace a database that holds anything, unless forced', async () => {
    // A backup and a restored DATA_DIR of its own, not the first test's (the tests run in any order).
    const source = path.join(workDir, 'replace', 'meridian.tar.gz');
    const target = path.join(workDir, 'replace', 'data');
    await backupDataDir({ dataDir: original, target: source });
    await restoreDataDir({ dataDir: target, source });
    await expect(restoreDataDir({ dataDir: target, source })).rejects.toThrow(BackupRefusal);
    await expect(restoreDataDir({ dataDir: target, source })).rejects.toThrow(/--force/);
    await restoreDataDir({ dataDir: target, source, force: true });
    expect((await readdir(path.join(target, 'db'))).length).toBeGreaterThan(0);
  }, 120_000);

  it('refuses while a server holds DATA_DIR', async () => {
    // The parent process stands for a running server: alive, and not this process.
    await writeFile(path.join(original, SERVER_PID_FILE), `${process.ppid}\n`);
    try {
      const target = path.join(workDir, 'refused.tar.gz');
      await expect(backupDataDir({ dataDir: original, target })).rejects.toThrow(/stop it first/);
      await expect(restoreDataDir({ dataDir: original, source: archive, force: true })).rejects.toThrow(
        /stop it first/,
      );
      await expect(readdir(workDir)).resolves.not.toContain('refused.tar.gz');
    } finally {
      await rm(path.join(original, SERVER_PID_FILE), { force: true });
    }
  });

  it('refuses an archive that is not a backup', async () => {
    const fake = path.join(workDir, 'fake.tar.gz');
    await mkdir(path.dirname(fake), { recursive: true });
    const { gzipSync } = await import('node:zlib');
    await writeFile(fake, gzipSync(Buffer.alloc(2048, 7)));
    await expect(restoreDataDir({ dataDir: path.join(workDir, 'empty'), source: fake })).rejects.toThrow(
      /not a backup archive/,
    );
  });
});
