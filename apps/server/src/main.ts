import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app';
import { prepareDatabase } from './boot';
import { loadConfig } from './config';
import { SERVER_LIMITS } from './limits';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
