import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/open';
import { SERVER_NODE_FLAGS } from '../../src/node-flags';
import type { TestDatabase } from '../database';

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN_SOURCE = path.join(REPOSITORY_ROOT, 'apps/server/src/main.ts');
/**
 * A first start on a fresh embedded database fills a month of minute candles and replays the
 * strategy traders: about 30 s on a quiet machine, 90 s measured while the suite's other workers
 * shared the two cores (the CI's run), which once passed the 60 s this was.
 */
const READY_TIMEOUT_MS = 150_000;
const OUTPUT_LINES_KEPT = 400;

/**
 * A fresh schema on a PostgreSQL server, opened for the test's own queries; the real servers started
 * on it (`urlWithSchema`) migrate it. `drop()` removes it.
 */
export async function openFreshSchema(databaseUrl: string): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const opened = await openDatabase({ databaseUrl, searchPath: schema });
  return {
    ...opened,
    schema,
    async drop() {
      await opened.execute(`drop schema if exists "${schema}" cascade`);
      await opened.close();
    },
  };
}

/** A port nobody listens on now (the kernel picks it; a race with another process is unlikely). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A DATABASE_URL whose sessions work in one schema: node-postgres lets the URL's `options` win over
 * the pool's own, so the real server (which names no schema) works in the test's schema.
 */
export function urlWithSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** The last lines the server wrote (pino JSON on stdout, anything on stderr). */
  output: string[];
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends a signal and waits until the process has ended. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
};

export type ServerSettings = {
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** More environment over the defaults below (REDIS_URL for several nodes, a delivery provider's settings). */
  env?: Record<string, string>;
};

/**
 * The real server, as `npm run dev:server` runs it but in one process (`node --import tsx`, so a
 * SIGKILL kills the server itself, not a wrapper), started on the given port, data folder and
 * database; resolves once /healthz answers 200.
 */
export async function startServer(settings: ServerSettings): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', MAIN_SOURCE], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      PORT: String(settings.port),
      HOST: '127.0.0.1',
      DATA_DIR: settings.dataDir,
      DATABASE_URL: settings.databaseUrl,
      LOG_LEVEL: 'warn',
      // The test's requests come from 127.0.0.1 with an address of their own in X-Forwarded-For.
      TRUSTED_PROXIES: '127.0.0.1',
      REDIS_URL: '',
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    if (output.length > OUTPUT_LINES_KEPT) output.splice(0, output.length - OUTPUT_LINES_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const url = `http://127.0.0.1:${settings.port}`;
  const server: ServerProcess = {
    url,
    child,
    output,
    exited,
    async stop(signal) {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`the server exited while starting:\n${output.slice(-30).join('\n')}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(
    `the server did not answer /healthz in ${READY_TIMEOUT_MS} ms:\n${output.slice(-30).join('\n')}`,
  );
}

/** Pino lines at error level or above that the server wrote. */
export function errorLines(output: string[]): string[] {
  return output.filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return false;
    }
  });
}
