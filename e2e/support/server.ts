import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { WEB_DIST_DIR } from '../../apps/server/src/paths';
import { createTestDatabase, type TestDatabase } from '../../apps/server/test/database';

export type RunningServer = {
  url: string;
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  /** Messages the server "sent" (ARCHITECTURE.md: the outbox when no provider is set). */
  outbox(): Promise<{ channel: string; to: string; type: number; code: string; at: string }[]>;
  stop(): Promise<void>;
};

export type StartOptions = {
  /**
   * The live market. Default: the server's own (it fills a full history first and runs the feed);
   * a browser test that only needs live prices passes a small backfill to start in seconds.
   */
  market?: AppOptions['market'];
};

/** The real server (built web app, real database on this run's engine) on a free loopback port. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it first).');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-e2e-'));
  const database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
  const app = await buildApp({ config, database, logger: false, market: options.market });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    database,
    dataDir,
    async outbox() {
      const file = path.join(dataDir, 'outbox.jsonl');
      if (!existsSync(file)) return [];
      const text = await readFile(file, 'utf8');
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line));
    },
    async stop() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
