import { type AccountId, asAccountId, type UserId } from '@meridian/domain/ids';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { ledgerEntries, tradingAccounts, users } from './schema';
import { columnList, driverValues, placeholders, recordsOf, runStatement, statement } from './statements';

type NewEntry = typeof ledgerEntries.$inferInsert;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

// Every column of a ledger entry but its generated id: each column type is converted once.
const ENTRY_KEYS = Object.keys(getTableColumns(ledgerEntries)).filter(
  (key) => key !== 'id',
) as (keyof NewEntry)[];

const INSERT_ENTRY = statement(
  'test_insert_entry',
  sql`insert into ${ledgerEntries} (${columnList(ledgerEntries, ENTRY_KEYS)})
    values (${placeholders(ENTRY_KEYS)}) returning *`,
);

describe('prepared statements', () => {
  it("converts values and rows by their columns, as drizzle's own queries do, in and out of a transaction", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ uid: '91000001', inviteCode: 'STMT0001', email: 'statements@example.com' })
      .returning();
    const [account] = await database.db
      .insert(tradingAccounts)
      .values({ userId: user?.id as UserId, mode: 'real' })
      .returning();
    const accountId = account?.id as AccountId;
    const at = new Date('2026-11-18T12:34:56.789Z');
    const entry = {
      accountId,
      bucket: 'balance',
      orderId: null,
      amount: '123456789012345.12345678',
      balanceAfter: '123456789012345.12345678',
      kind: 'deposit',
      reference: 'D1',
      memoKey: 'ledger.deposit',
      memoParams: { channel: 'bank' },
      author: null,
      createdAt: at,
    };
    const rows = await database.db.transaction(async (tx) =>
      runStatement(tx, INSERT_ENTRY, driverValues(ledgerEntries, ENTRY_KEYS, entry)),
    );
    const [inserted] = recordsOf(ledgerEntries, rows);
    const [read] = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId));
    expect(inserted).toEqual(read);
    expect(inserted).toMatchObject({ ...entry, createdAt: at });
    expect(typeof inserted?.id).toBe('number');
  });

  it('fails loudly on a missing value, a row without a column and a name used twice', () => {
    expect(() => driverValues(ledgerEntries, ENTRY_KEYS, { accountId: asAccountId(1) })).toThrow(
      /no value for bucket/,
    );
    expect(() => recordsOf(ledgerEntries, [{ id: 1 }])).toThrow(/lacks the column/);
    expect(() => statement('test_insert_entry', sql`select 1`)).toThrow(/two statements/);
  });
});
