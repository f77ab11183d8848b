import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The README's `npm start` serves the bundle in apps/server/dist: start that bundle as a real
// process, on this run's database engine, and stop it the way an operator would.
const bundle = path.resolve(import.meta.dirname, '../apps/server/dist/main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

let child: ChildProcess;
let url: string;
let dataDir: string;
let output = '';
let databaseName: string | undefined;
const adminUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  if (adminUrl) {
    // A database of its own, so the bundle migrates a clean public schema.
    databaseName = `meridian_start_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${databaseName}`;
    env.DATABASE_URL = target.toString();
  } else {
    delete env.DATABASE_URL;
  }
  const port = await freePort();
  env.PORT = String(port);
  env.HOST = '127.0.0.1';
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  await waitForHealth(url, child);
});

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  if (adminUrl && databaseName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName}`);
    await admin.end();
  }
});

describe('the built server (npm start)', () => {
  it('serves the web app, the API and the API reference from one port', async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');

    const deepLink = await fetch(`${url}/mine/password`);
    expect(await deepLink.text()).toContain('<div id="root">');

    const areas = (await (await fetch(`${url}/api/default/area_list`)).json()) as {
      code: number;
      data: unknown[];
    };
    expect(areas.code).toBe(1);
    expect(areas.data.length).toBeGreaterThan(200);

    const docs = await fetch(`${url}/docs/json`);
    expect(docs.status).toBe(200);
  });

  it('ranks the strategy traders from their replayed history on the first start', async () => {
    const ranking = (await (await fetch(`${url}/api/follow/list`)).json()) as {
      code: number;
      data: {
        strategy: string | null;
        is_demo: number;
        total_trade_num: number;
        three_week_trade_num: number;
      }[];
    };
    expect(ranking.code).toBe(1);
    const strategies = ranking.data.filter((entry) => entry.strategy !== null);
    expect(strategies.map((entry) => entry.strategy).sort()).toEqual([
      'breakout',
      'crypto_momentum',
      'mean_reversion',
      'range_rsi',
      'trend_ema',
    ]);
    for (const entry of strategies) {
      expect(entry.is_demo).toBe(1);
      expect(entry.three_week_trade_num).toBeGreaterThan(0);
      expect(entry.total_trade_num).toBeGreaterThanOrEqual(entry.three_week_trade_num);
    }
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  });
});
