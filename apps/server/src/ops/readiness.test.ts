import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { useTestApp } from '../../test/app-hooks';
import { rowsOf } from '../db/migrate';
import { markNotReady } from './readiness';

const t = useTestApp();

async function readyz() {
  const response = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: response.json() as { status: string; reason?: string } };
}

describe('GET /readyz', () => {
  it('answers ready once every start hook has run, the database answers and is migrated', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers not ready while a migration is missing from the database', async () => {
    const schema = t.database.schema;
    const removed = await t.database.db.execute<{ name: string }>(
      `delete from "${schema}".schema_migrations where name = (select max(name) from "${schema}".schema_migrations) returning name`,
    );
    const name = rowsOf<{ name: string }>(removed)[0]?.name;
    expect(name).toBeDefined();
    try {
      expect(await readyz()).toEqual({
        status: 503,
        body: { status: 'not_ready', reason: 'migrations_pending' },
      });
    } finally {
      await t.database.execute(`insert into "${schema}".schema_migrations (name) values ('${name}')`);
    }
    expect((await readyz()).status).toBe(200);
  });

  it('is hidden from the API documents, and /healthz stays the liveness probe', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.body).not.toContain('/readyz');
    expect(docs.body).not.toContain('/healthz');
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('answers not ready as soon as the shutdown begins', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      markNotReady(other.app);
      const response = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not_ready', reason: 'stopping' });
      // /healthz is liveness: the process still answers while it drains.
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('a node still starting', () => {
  it('answers not ready until its start hooks have run', async () => {
    const { buildApp } = await import('../app');
    const { loadConfig } = await import('../config');
    const { createTestDatabase } = await import('../../test/database');
    const database = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: t.dataDir }),
      database,
      logger: false,
      market: { autoStart: false, backfill: false },
      strategyTraders: false,
    });
    // A start hook that has not finished yet (as a first start's market history would be).
    let finishStart = () => {};
    const started = new Promise<void>((resolve) => {
      finishStart = resolve;
    });
    app.addHook('onReady', () => started);
    try {
      const ready = app.ready();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(app.readiness.phase).toBe('starting');
      finishStart();
      await ready;
      expect(app.readiness.phase).toBe('ready');
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
