import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app';
import { prepareDatabase } from './boot';
import { loadConfig } from './config';
import { SERVER_LIMITS } from './limits';
import { missingNodeFlags } from './node-flags';
import { type MetricsServer, startMetricsServer } from './ops/metrics-server';
import { markNotReady } from './ops/readiness';
import { runningServerPid, writeServerPid } from './ops/server-pid';

async function main(): Promise<void> {
  const config = loadConfig();
  const missing = missingNodeFlags();
  if (missing.length > 0)
    console.warn(
      `started without ${missing.join(' ')}: \`npm start\` passes it; without it, batches of closes spend longer collecting garbage (apps/server/src/node-flags.ts)`,
    );
  // The embedded database is this process's alone while it runs (ops/server-pid.ts).
  const otherServer = config.databaseUrl ? null : runningServerPid(config.dataDir);
  if (otherServer !== null)
    console.warn(
      `DATA_DIR ${config.dataDir} is marked as used by process ${otherServer}: two servers must not share it`,
    );
  const database = await prepareDatabase(config);
  const releasePid = config.databaseUrl ? () => {} : writeServerPid(config.dataDir);
  const app = await buildApp({ config, database });

  let metricsServer: MetricsServer | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The load balancer's readiness probe fails first, so it stops sending new requests here.
    markNotReady(app);
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDelayMs + SERVER_LIMITS.shutdownGraceMs);
    timer.unref();
    try {
      // Still serving while the load balancer stops sending here (docs/operations.md, "Rolling restarts").
      await delay(config.shutdownDelayMs);
      await app.close();
      await database.close();
      await metricsServer?.close();
      releasePid();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Meridian is serving on http://localhost:${config.port} (database: ${database.engine})`);
  if (config.metricsPort !== undefined) {
    metricsServer = await startMetricsServer(app.metrics.registry, {
      port: config.metricsPort,
      host: config.metricsHost,
      onError: (error) => app.log.error({ err: error }, 'metrics scrape failed'),
    });
    const { address, port } = metricsServer.address;
    app.log.info(`Prometheus metrics on http://${address}:${port}/metrics`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
