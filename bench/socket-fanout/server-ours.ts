import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths';
import { seedReferenceData } from '../../apps/server/src/seed';
import { driveServer } from './server-driver';

/**
 * Meridian's real server (Fastify, @fastify/websocket, the hub) on an in-memory embedded
 * database, publishing through the hub's fan-out exactly as the market module does.
 */
const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-bench-'));
const database = await openDatabase({ dataDir: 'memory://' });
await migrate(database, MIGRATIONS_DIR);
await seedReferenceData(database.db);
// Every benchmark socket comes from 127.0.0.1: the per-address limit is lifted to its maximum.
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SOCKETS_PER_ADDRESS_MAX: '100000' });
// The market runtime stays idle: its own market.day pushes would be extra traffic the bare server
// does not send. The bench ticks take their place, through the same publish call.
const app = await buildApp({
  config,
  database,
  logger: false,
  webDistDir: path.join(dataDir, 'no-web'),
  market: { autoStart: false, backfill: false },
});
await app.listen({ port: 0, host: '127.0.0.1' });

driveServer({
  port: (app.server.address() as AddressInfo).port,
  // The bench's ticks carry send times and sequence numbers: published unchecked, same fan-out.
  broadcast: (data) => app.realtime.unchecked.publish('market.day', data),
  async close() {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});
