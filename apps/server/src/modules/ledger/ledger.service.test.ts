import { type AccountId, asAccountId, asOrderId, type OrderId } from '@meridian/domain/ids';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  credit,
  debit,
  LEDGER_AT,
  ledgerEntriesOf,
  newLedgerAccount,
  postAt,
  rejectionOf,
} from '../../../test/ledger';
import type { Tx } from '../../db/database';
import { ledgerEntries, tradingAccounts } from '../../db/schema';
import { Rejection } from '../../http/errors';
import { getAccountDetail, reconcileAccount } from './account-reads';
import type { AccountMode } from './ledger.kinds';
import { type LedgerEntryInput, lockAccountForUpdate, postToLedger } from './ledger.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const AT = LEDGER_AT;
const newAccount = (mode?: AccountMode) => newLedgerAccount(database.db, mode);
const post = (accountId: AccountId, entries: LedgerEntryInput[]) => postAt(database.db, accountId, entries);
const entriesOf = (accountId: AccountId) => ledgerEntriesOf(database.db, accountId);
/** An order's margin reserved: out of the balance, into the order's margin bucket. */
const reserve = (orderId: OrderId, amount: string): LedgerEntryInput[] => [
  {
    bucket: 'balance',
    amount: `-${amount}`,
    kind: 'margin_reserve',
    memoKey: 'ledger.margin_reserve',
    orderId,
  },
  { bucket: 'margin', amount, kind: 'margin_reserve', memoKey: 'ledger.margin_reserve', orderId },
];

describe('postToLedger', () => {
  it('credits and debits the balance, writing each entry with the balance after it', async () => {
    const { userId, accountId } = await newAccount();
    const result = await post(accountId, [credit('250.50'), debit('0.25')]);
    expect(result).toMatchObject({ balance: '250.25', lockBalance: '0' });
    expect(result.entryIds).toHaveLength(2);
    const entries = await entriesOf(accountId);
    expect(entries.map((entry) => [entry.amount, entry.balanceAfter, entry.kind, entry.memoKey])).toEqual([
      ['250.50000000', '250.50000000', 'deposit', 'ledger.deposit'],
      ['-0.25000000', '250.25000000', 'trade_fee', 'ledger.trade_fee'],
    ]);
    expect(entries[0]?.createdAt.toISOString()).toBe(AT.toISOString());
    expect(await getAccountDetail(database.db, userId)).toEqual({
      account_id: accountId,
      mode: 'real',
      balance: '250.25',
      lock_balance: '0',
    });
  });

  it('adds decimals exactly (0.1 + 0.2 is 0.3, not 0.30000000000000004)', async () => {
    const { accountId } = await newAccount();
    await post(accountId, [credit('0.1')]);
    const result = await post(accountId, [credit('0.2')]);
    expect(result.balance).toBe('0.3');
    expect((await reconcileAccount(database.db, accountId)).consistent).toBe(true);
  });

  it('moves money between balance and lock as a pair that sums to zero', async () => {
    const { accountId } = await newAccount();
    await post(accountId, [credit('100')]);
    const result = await post(accountId, [
      {
        bucket: 'balance',
        amount: '-40',
        kind: 'withdraw_lock',
        memoKey: 'ledger.withdraw_lock',
        reference: 'W1',
      },
      {
        bucket: 'lock',
        amount: '40',
        kind: 'withdraw_lock',
        memoKey: 'ledger.withdraw_lock',
        reference: 'W1',
      },
    ]);
    expect(result).toMatchObject({ balance: '60', lockBalance: '40' });
    const reconciliation = await reconcileAccount(database.db, accountId);
    expect(reconciliation).toMatchObject({ balanceEntries: '60', lockEntries: '40', consistent: true });
  });

  it('holds margin per order and refuses to release more than the order holds', async () => {
    const { accountId } = await newAccount();
    await post(accountId, [credit('1000')]);
    await post(accountId, reserve(asOrderId(1), '300'));
    await post(accountId, reserve(asOrderId(2), '200'));
    const release: LedgerEntryInput[] = [
      {
        bucket: 'margin',
        amount: '-300.00000001',
        kind: 'margin_release',
        memoKey: 'ledger.margin_release',
        orderId: asOrderId(1),
      },
      {
        bucket: 'balance',
        amount: '300.00000001',
        kind: 'margin_release',
        memoKey: 'ledger.margin_release',
        orderId: asOrderId(1),
      },
    ];
    const before = (await entriesOf(accountId)).length;
    expect((await rejectionOf(post(accountId, release))).key).toBe('error.insufficient_balance');
    expect(await entriesOf(accountId)).toHaveLength(before);

    const released = await post(accountId, [
      {
        bucket: 'margin',
        amount: '-300',
        kind: 'margin_release',
        memoKey: 'ledger.margin_release',
        orderId: asOrderId(1),
      },
      {
        bucket: 'balance',
        amount: '300',
        kind: 'margin_release',
        memoKey: 'ledger.margin_release',
        orderId: asOrderId(1),
      },
    ]);
    expect(released.balance).toBe('800');
    const marginEntries = (await entriesOf(accountId)).filter((entry) => entry.bucket === 'margin');
    expect(marginEntries.map((entry) => [entry.orderId, entry.balanceAfter])).toEqual([
      [1, '300.00000000'],
      [2, '200.00000000'],
      [1, '0.00000000'],
    ]);
    const reconciliation = await reconcileAccount(database.db, accountId);
    expect(reconciliation).toMatchObject({ balance: '800', marginEntries: '200', consistent: true });
  });

  it('refuses a debit beyond the balance and writes nothing, even after an earlier entry of the same posting', async () => {
    const { accountId } = await newAccount();
    await post(accountId, [credit('10')]);
    const rejection = await rejectionOf(post(accountId, [credit('5'), debit('15.00000001')]));
    expect(rejection.key).toBe('error.insufficient_balance');
    expect(await entriesOf(accountId)).toHaveLength(1);
    const [account] = await database.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId));
    expect(account?.balance).toBe('10.00000000');
    // Exactly down to zero is allowed.
    expect((await post(accountId, [debit('10')])).balance).toBe('0');
  });

  it('fails loudly on a malformed posting: a programmer error, not a customer refusal', async () => {
    const { accountId } = await newAccount();
    const malformed: LedgerEntryInput[][] = [
      [],
      [credit('0')],
      [credit('1e5')],
      [credit('0.000000001')],
      [credit('12345678901234567890123')],
      [credit('NaN')],
      // A margin entry without its order: the types refuse it, the ledger still checks at run time.
      [
        {
          bucket: 'margin',
          amount: '1',
          kind: 'margin_reserve',
          memoKey: 'ledger.margin_reserve',
        } as unknown as LedgerEntryInput,
      ],
    ];
    for (const entries of malformed) {
      const error = await post(accountId, entries).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(Rejection);
    }
    await expect(post(asAccountId(999_999), [credit('1')])).rejects.toThrow(/missing account/);
    expect(await entriesOf(accountId)).toHaveLength(0);
  });

  it('is guarded a second time by the database: no negative bucket, no empty entry', async () => {
    const { accountId } = await newAccount();
    await expect(
      database.db.update(tradingAccounts).set({ balance: '-1' }).where(eq(tradingAccounts.id, accountId)),
    ).rejects.toThrow();
    const row = {
      accountId,
      bucket: 'balance',
      kind: 'deposit',
      memoKey: 'ledger.deposit',
    };
    await expect(
      database.db.insert(ledgerEntries).values({ ...row, amount: '0', balanceAfter: '0' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(ledgerEntries).values({ ...row, amount: '-1', balanceAfter: '-1' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(ledgerEntries).values({ ...row, bucket: 'margin', amount: '1', balanceAfter: '1' }),
    ).rejects.toThrow();
  });

  it('serializes concurrent postings on one account: of 20 debits of 10 from 100, exactly 10 pass', async () => {
    const { accountId } = await newAccount();
    await post(accountId, [credit('100')]);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => post(accountId, [debit('10')])),
    );
    const passed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result) => result.status === 'rejected' && result.reason instanceof Rejection,
    );
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(10);
    const reconciliation = await reconcileAccount(database.db, accountId);
    expect(reconciliation).toMatchObject({ balance: '0', entryCount: 11, consistent: true });
  });
});

describe("postToLedger from the caller's lock", () => {
  it('posts from the snapshot locked in the same transaction, answering the ids of the rows it wrote in order', async () => {
    const { accountId } = await newAccount();
    await post(accountId, [credit('100')]);
    const result = await database.db.transaction(async (tx) => {
      const locked = await lockAccountForUpdate(tx, accountId);
      return postToLedger(tx, { accountId, entries: [debit('0.5'), credit('2')], at: AT }, { locked });
    });
    expect(result.balance).toBe('101.5');
    const entries = await entriesOf(accountId);
    expect(result.entryIds).toEqual(entries.slice(1).map((entry) => entry.id));
    expect(entries.map((entry) => entry.balanceAfter)).toEqual([
      '100.00000000',
      '99.50000000',
      '101.50000000',
    ]);
    expect((await reconcileAccount(database.db, accountId)).consistent).toBe(true);
  });

  it('fails loudly on a snapshot that is stale, used twice, of another account, of another transaction or from before a savepoint, and writes nothing', async () => {
    const { accountId } = await newAccount();
    const other = await newAccount();
    await post(accountId, [credit('100')]);
    // Locked in a transaction that has ended since.
    const foreign = await database.db.transaction((first) => lockAccountForUpdate(first, accountId));
    const misuses: ((tx: Tx) => Promise<unknown>)[] = [
      async (tx) => {
        const locked = await lockAccountForUpdate(tx, accountId);
        await postToLedger(tx, { accountId, entries: [debit('60')], at: AT });
        // Stale: it still says 100 where 40 is left.
        return postToLedger(tx, { accountId, entries: [debit('60')], at: AT }, { locked });
      },
      async (tx) => {
        const locked = await lockAccountForUpdate(tx, accountId);
        await postToLedger(tx, { accountId, entries: [debit('60')], at: AT }, { locked });
        return postToLedger(tx, { accountId, entries: [debit('60')], at: AT }, { locked });
      },
      async (tx) => {
        const locked = await lockAccountForUpdate(tx, other.accountId);
        return postToLedger(tx, { accountId, entries: [debit('60')], at: AT }, { locked });
      },
      (tx) => postToLedger(tx, { accountId, entries: [debit('60')], at: AT }, { locked: foreign }),
      async (tx) => {
        const locked = await lockAccountForUpdate(tx, accountId);
        // A savepoint is a transaction object of its own: the database check catches this one.
        await tx.transaction((savepoint) =>
          postToLedger(savepoint, { accountId, entries: [debit('60')], at: AT }),
        );
        return postToLedger(tx, { accountId, entries: [debit('60')], at: AT }, { locked });
      },
    ];
    for (const misuse of misuses) {
      const error = await database.db.transaction(misuse).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(Rejection);
      expect(String(error)).toMatch(/not its current lock|the balances moved since they were read/);
    }
    expect(await entriesOf(accountId)).toHaveLength(1);
    expect((await reconcileAccount(database.db, accountId)).balance).toBe('100');
  });

  it("takes a new order's held margin as zero, and reads an older order's", async () => {
    const { accountId } = await newAccount();
    await post(accountId, [credit('1000')]);
    await database.db.transaction((tx) =>
      postToLedger(
        tx,
        { accountId, entries: reserve(asOrderId(901), '300'), at: AT },
        { newOrderIds: [asOrderId(901)] },
      ),
    );
    await post(accountId, reserve(asOrderId(901), '50'));
    const margins = (await entriesOf(accountId)).filter((entry) => entry.bucket === 'margin');
    expect(margins.map((entry) => entry.balanceAfter)).toEqual(['300.00000000', '350.00000000']);
    expect(await reconcileAccount(database.db, accountId)).toMatchObject({
      balance: '650',
      marginEntries: '350',
      consistent: true,
    });
  });
});
