import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';

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

/** A running bundle: its process, address and everything it printed. */
type Started = { child: ChildProcess; url: string; output: () => string };

/** Waits until the bundle answers /healthz (or has exited, which fails). */
async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) return; // checked below
      const response = await fetch(`${url}/healthz`); // throws while it is not listening yet
      if (!response.ok) throw new Error(`healthz: ${response.status}`);
    },
    { timeout: 120_000, interval: 100 },
  );
  if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
}

const adminUrl = process.env.DATABASE_URL;
/** What each started bundle leaves behind, removed after the file. */
const started: { child: ChildProcess; dataDir: string; databaseName?: string }[] = [];

/** Starts the bundle as `npm start` does, on a database and data directory of its own. */
async function startBundle(): Promise<Started> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  let databaseName: string | undefined;
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
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dataDir, databaseName });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  await waitForHealth(url, child);
  return { child, url, output: () => output };
}

/** The bundle the tests that only read from it share (a test that stops a bundle starts its own). */
let shared: Started;

beforeAll(async () => {
  shared = await startBundle();
});

afterAll(async () => {
  for (const { child, dataDir, databaseName } of started) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    if (adminUrl && databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName}`);
      await admin.end();
    }
  }
});

describe('the built server (npm start)', () => {
  it('serves the web app, the API and the API reference from one port', async () => {
    const { url } = shared;
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
    const { url } = shared;
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
    // A bundle of its own to stop: the other tests' stays up whatever the order.
    const { child, output } = await startBundle();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
  }, 240_000); // It starts a bundle of its own first (a first start fills the market's history).
});
