import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../apps/server/src/app';
import type { Clock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { WEB_DIST_DIR } from '../../apps/server/src/paths';
import { createTestDatabase, type TestDatabase } from '../../apps/server/test/database';
import { allowRealTradingOnSimulatedPrices } from '../../apps/server/test/simulated-prices';

export type RunningServer = {
  url: string;
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  /** Messages the server "sent" (ARCHITECTURE.md: the outbox when no provider is set). */
  outbox(): Promise<{ channel: string; to: string; type: number; code: string; at: string }[]>;
  /**
   * Takes the server off the network as a crash or a lost link would: stops listening and cuts
   * every open connection (HTTP and socket). The app and its database keep running meanwhile.
   */
  stopListener(): Promise<void>;
  /** Listens again on the same port (same address, same app, same database). */
  startListener(): Promise<void>;
  stop(): Promise<void>;
};

export type StartOptions = {
  /**
   * The live market. Default: the server's own (it fills a full history first and runs the feed);
   * a browser test that only needs live prices passes a small backfill to start in seconds.
   */
  market?: AppOptions['market'];
  /** More process settings (environment variables), e.g. CORS_ORIGINS. */
  env?: Record<string, string>;
  /** Another build of the web app to serve (one built for an API on another origin); default apps/web/dist. */
  webDistDir?: string;
  /** A port chosen beforehand (another server's settings name it); default a free one. */
  port?: number;
  /** The server's clock (e.g. moved to a weekday, where the test needs an open forex market); default the system's. */
  clock?: Clock;
};

/** The real server (built web app, real database on this run's engine) on a free loopback port. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it first).');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-e2e-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    ...options.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    market: options.market,
    webDistDir,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  // The browser tests run on the simulator: real accounts may trade on it here (most tests open
  // real orders for other reasons); the test of that rule turns it off (simulated-prices.e2e.ts).
  await allowRealTradingOnSimulatedPrices(app, database.db);
  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  // Every connection, so stopListener can cut them: an upgraded socket is no longer the HTTP
  // server's to close, but it is still the same TCP connection.
  const connections = new Set<Socket>();
  app.server.on('connection', (connection: Socket) => {
    connections.add(connection);
    connection.once('close', () => connections.delete(connection));
  });
  const startListener = () =>
    new Promise<void>((resolve, reject) => {
      app.server.once('error', reject);
      app.server.listen(Number(port), '127.0.0.1', () => {
        app.server.off('error', reject);
        resolve();
      });
    });
  return {
    url: address,
    app,
    database,
    dataDir,
    async outbox() {
      // The server's sender writes the file right after each commit; this waits for what is due.
      await app.outbox.deliverDue();
      const file = path.join(dataDir, 'outbox.jsonl');
      if (!existsSync(file)) return [];
      const text = await readFile(file, 'utf8');
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line));
    },
    async stopListener() {
      const closed = new Promise<void>((resolve, reject) =>
        app.server.close((error) => (error ? reject(error) : resolve())),
      );
      for (const connection of connections) connection.destroy();
      await closed;
    },
    startListener,
    async stop() {
      // Fastify closes the listener it opened: it must be listening (a test may have failed while not).
      if (!app.server.listening) await startListener();
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
