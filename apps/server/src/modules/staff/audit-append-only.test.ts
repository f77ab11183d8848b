import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { rowsOf } from '../../db/migrate';
import { recordAudit } from './audit';

let database: TestDatabase;
async function entries(): Promise<number> {
  const result = await database.db.execute('select count(*)::int as count from audit_log');
  return Number(rowsOf<{ count: number }>(result)[0]?.count);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await recordAudit(database.db, null, { action: 'staff.login_failed', target: null, at: new Date() });
});
afterAll(async () => {
  await database.drop();
});

describe('the audit log in the database', () => {
  it('takes new entries', async () => {
    expect(await entries()).toBe(1);
  });

  it.each([
    ['update', "update audit_log set action = 'nothing'"],
    ['delete', 'delete from audit_log'],
    ['truncate', 'truncate audit_log'],
  ])('refuses %s, whoever asks', async (_name, statement) => {
    await expect(database.execute(statement)).rejects.toThrow(/append-only/);
    expect(await entries()).toBe(1);
  });
});
