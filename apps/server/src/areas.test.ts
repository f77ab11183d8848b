import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { buildApp } from './app';
import { AREAS } from './areas';
import { loadConfig } from './config';
import { orderAreas } from './modules/area-order';

const names = (areas: readonly { name: string }[]) => areas.map((area) => area.name);

describe("the server's areas", () => {
  it('start in the order the server has always started them', () => {
    expect(names(orderAreas(AREAS))).toEqual([
      'auth',
      'settings',
      'captcha',
      'market',
      'uploads',
      'kyc',
      'content',
      'legal',
      'support',
      'trading',
      'funds',
      'copy',
      'execution',
      'notify',
      'dashboard',
      'customers',
    ]);
  });

  // The order the running parts need, whatever order the list is written in.
  it('start auth before every area with routes, and the market before trading before its followers', () => {
    const ordered = names(orderAreas([...AREAS].reverse()));
    const before = (first: string, then: string) => ordered.indexOf(first) < ordered.indexOf(then);
    // The outbox's sender (notify) mounts no routes.
    for (const each of AREAS) {
      if (each.register !== undefined && each.name !== 'auth' && each.name !== 'notify')
        expect(before('auth', each.name), each.name).toBe(true);
    }
    expect(before('market', 'trading')).toBe(true);
    for (const follower of ['copy', 'execution', 'notify'])
      expect(before('trading', follower), follower).toBe(true);
  });
});

// The order is refused before the app opens anything, so a refused start leaves nothing to close.
describe('buildApp and the areas it is given', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });
  const build = (areas: typeof AREAS) =>
    buildApp({ config: loadConfig({ DATA_DIR: tmpdir() }), database, logger: false, areas });

  it('refuses a list that leaves out an area another one needs', async () => {
    await expect(build(AREAS.filter((area) => area.name !== 'market'))).rejects.toThrow(
      'area "trading" needs "market", which is not in the list of areas',
    );
  });

  it('refuses a circular need', async () => {
    const circular = AREAS.map((area) => (area.name === 'market' ? { ...area, needs: ['copy'] } : area));
    await expect(build(circular)).rejects.toThrow(
      'circular need between areas: market -> copy -> trading -> market',
    );
  });
});
