import type { AccountId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { tradingAccounts, users } from '../../db/schema';
import { Rejection } from '../../http/errors';
import { reconcileAccount } from './account-reads';
import {
  type LedgerEntryInput,
  lockAccountsForUpdate,
  openTradingAccount,
  postToLedger,
  postToLedgerMany,
} from './ledger.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const AT = new Date('2026-11-18T12:00:00Z');
let counter = 0;

async function fundedAccount(balance: string): Promise<AccountId> {
  counter += 1;
  return database.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        uid: String(71_000_000 + counter),
        inviteCode: `B${String(counter).padStart(7, '0')}`,
        email: `bulk${counter}@example.com`,
      })
      .returning();
    if (!user) throw new Error('no user');
    const account = await openTradingAccount(tx, user.id, 'real', AT);
    await postToLedger(tx, {
      accountId: account.id,
      at: AT,
      entries: [{ bucket: 'balance', amount: balance, kind: 'deposit', memoKey: 'ledger.deposit' }],
    });
    return account.id;
  });
}

const fee = (amount: string): LedgerEntryInput => ({
  bucket: 'balance',
  amount: `-${amount}`,
  kind: 'trade_fee',
  memoKey: 'ledger.trade_fee',
});

async function balanceOf(accountId: AccountId): Promise<string> {
  const rows = await database.db
    .select({ balance: tradingAccounts.balance })
    .from(tradingAccounts)
    .where(sql`${tradingAccounts.id} = ${accountId}`);
  return toDecimal(rows[0]?.balance ?? '0').toFixed();
}

describe('postToLedgerMany', () => {
  it('posts to many accounts in one go, each bucket equal to its entries', async () => {
    const ids = [await fundedAccount('100'), await fundedAccount('50'), await fundedAccount('7')];
    const results = await database.db.transaction((tx) =>
      postToLedgerMany(
        tx,
        ids.map((accountId, index) => ({ accountId, at: AT, entries: [fee(String(index + 1))] })),
      ),
    );
    expect(results.map((result) => result.balance)).toEqual(['99', '48', '4']);
    expect(results.every((result) => result.entryIds.length === 1)).toBe(true);
    for (const accountId of ids)
      expect((await reconcileAccount(database.db, accountId)).consistent).toBe(true);
  });

  it('refuses the whole call when one account would go below zero, writing nothing', async () => {
    const rich = await fundedAccount('100');
    const poor = await fundedAccount('1');
    const attempt = database.db.transaction((tx) =>
      postToLedgerMany(tx, [
        { accountId: rich, at: AT, entries: [fee('5')] },
        { accountId: poor, at: AT, entries: [fee('2')] },
      ]),
    );
    await expect(attempt).rejects.toBeInstanceOf(Rejection);
    expect([await balanceOf(rich), await balanceOf(poor)]).toEqual(['100', '1']);
  });

  it('fails loudly on a snapshot that is no longer the stored balance, writing nothing', async () => {
    const accountId = await fundedAccount('100');
    const attempt = database.db.transaction(async (tx) => {
      const locked = await lockAccountsForUpdate(tx, [accountId]);
      // A posting the snapshot did not see: the bulk posting must not write over it.
      await postToLedger(tx, { accountId, at: AT, entries: [fee('10')] });
      await postToLedgerMany(tx, [{ accountId, at: AT, entries: [fee('1')] }], { locked });
    });
    await expect(attempt).rejects.toThrow(/stale account snapshot/);
    expect(await balanceOf(accountId)).toBe('100');
  });

  it('applies the postings of an account named twice in order, each from the balance the one before left', async () => {
    const accountId = await fundedAccount('10');
    const results = await database.db.transaction((tx) =>
      postToLedgerMany(tx, [
        { accountId, at: AT, entries: [fee('1')] },
        { accountId, at: AT, entries: [fee('2')] },
      ]),
    );
    expect(results.map((result) => result.balance)).toEqual(['9', '7']);
    expect(await balanceOf(accountId)).toBe('7');
    expect((await reconcileAccount(database.db, accountId)).consistent).toBe(true);
  });

  it('refuses the whole call when a later posting of an account would take it below zero', async () => {
    const accountId = await fundedAccount('10');
    const attempt = database.db.transaction((tx) =>
      postToLedgerMany(tx, [
        { accountId, at: AT, entries: [fee('6')] },
        { accountId, at: AT, entries: [fee('6')] },
      ]),
    );
    await expect(attempt).rejects.toBeInstanceOf(Rejection);
    expect(await balanceOf(accountId)).toBe('10');
  });
});
