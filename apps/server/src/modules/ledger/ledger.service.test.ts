import { toDecimal } from '@meridian/domain/money';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import type { Tx } from '../../db/database';
import { ledgerEntries, tradingAccounts, users } from '../../db/schema';
import { Rejection } from '../../http/errors';
import type { AccountMode } from './ledger.kinds';
import {
  getAccountDetail,
  type LedgerEntryInput,
  lockAccountForUpdate,
  openTradingAccount,
  postToLedger,
  reconcileAccount,
} from './ledger.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const AT = new Date('2026-11-18T12:00:00Z');
let userCounter = 0;

/** A user and their trading account, made directly: these tests are about the ledger alone. */
async function newAccount(mode: AccountMode = 'real'): Promise<{ userId: number; accountId: number }> {
  userCounter += 1;
  const number = userCounter;
  return database.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        uid: String(70_000_000 + number),
        inviteCode: `L${String(number).padStart(7, '0')}`,
        email: `ledger${number}@example.com`,
      })
      .returning();
    if (!user) throw new Error('no user');
    const account = await openTradingAccount(tx, user.id, mode, AT);
    return { userId: user.id, accountId: account.id };
  });
}

function post(accountId: number, entries: LedgerEntryInput[]) {
  return database.db.transaction((tx) => postToLedger(tx, { accountId, entries, at: AT }));
}

const credit = (amount: string): LedgerEntryInput => ({
  bucket: 'balance',
  amount,
  kind: 'deposit',
  memoKey: 'ledger.deposit',
});
const debit = (amount: string): LedgerEntryInput => ({
  bucket: 'balance',
  amount: `-${amount}`,
  kind: 'trade_fee',
  memoKey: 'ledger.trade_fee',
});

async function entriesOf(accountId: number) {
  return database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(ledgerEntries.id);
}

async function rejectionOf(promise: Promise<unknown>): Promise<Rejection> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Rejection)) throw new Error(`expected a Rejection, got ${String(error)}`);
  return error;
}

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
    const reserve = (orderId: number, amount: string): LedgerEntryInput[] => [
      {
        bucket: 'balance',
        amount: `-${amount}`,
        kind: 'margin_reserve',
        memoKey: 'ledger.margin_reserve',
        orderId,
      },
      { bucket: 'margin', amount, kind: 'margin_reserve', memoKey: 'ledger.margin_reserve', orderId },
    ];
    await post(accountId, reserve(1, '300'));
    await post(accountId, reserve(2, '200'));
    const release: LedgerEntryInput[] = [
      {
        bucket: 'margin',
        amount: '-300.00000001',
        kind: 'margin_release',
        memoKey: 'ledger.margin_release',
        orderId: 1,
      },
      {
        bucket: 'balance',
        amount: '300.00000001',
        kind: 'margin_release',
        memoKey: 'ledger.margin_release',
        orderId: 1,
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
        orderId: 1,
      },
      {
        bucket: 'balance',
        amount: '300',
        kind: 'margin_release',
        memoKey: 'ledger.margin_release',
        orderId: 1,
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
      [{ bucket: 'margin', amount: '1', kind: 'margin_reserve', memoKey: 'ledger.margin_reserve' }],
    ];
    for (const entries of malformed) {
      const error = await post(accountId, entries).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(Rejection);
    }
    await expect(post(999_999, [credit('1')])).rejects.toThrow(/missing account/);
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
  const reserve = (orderId: number, amount: string): LedgerEntryInput[] => [
    {
      bucket: 'balance',
      amount: `-${amount}`,
      kind: 'margin_reserve',
      memoKey: 'ledger.margin_reserve',
      orderId,
    },
    { bucket: 'margin', amount, kind: 'margin_reserve', memoKey: 'ledger.margin_reserve', orderId },
  ];

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
      postToLedger(tx, { accountId, entries: reserve(901, '300'), at: AT }, { newOrderIds: [901] }),
    );
    await post(accountId, reserve(901, '50'));
    const margins = (await entriesOf(accountId)).filter((entry) => entry.bucket === 'margin');
    expect(margins.map((entry) => entry.balanceAfter)).toEqual(['300.00000000', '350.00000000']);
    expect(await reconcileAccount(database.db, accountId)).toMatchObject({
      balance: '650',
      marginEntries: '350',
      consistent: true,
    });
  });
});

/** The operations of the model test; each is one posting. */
type Operation =
  | { type: 'credit' | 'debit' | 'lock' | 'unlock' | 'pay'; account: number; amount: string }
  | { type: 'reserve' | 'release'; account: number; order: number; amount: string };

type Model = { balance: string; lock: string; margin: Map<number, string> };

function entriesFor(operation: Operation): LedgerEntryInput[] {
  const { amount } = operation;
  const negative = `-${amount}`;
  switch (operation.type) {
    case 'credit':
      return [credit(amount)];
    case 'debit':
      return [debit(amount)];
    case 'lock':
      return [
        { bucket: 'balance', amount: negative, kind: 'withdraw_lock', memoKey: 'ledger.withdraw_lock' },
        { bucket: 'lock', amount, kind: 'withdraw_lock', memoKey: 'ledger.withdraw_lock' },
      ];
    case 'unlock':
      return [
        { bucket: 'lock', amount: negative, kind: 'withdraw_unlock', memoKey: 'ledger.withdraw_unlock' },
        { bucket: 'balance', amount, kind: 'withdraw_unlock', memoKey: 'ledger.withdraw_unlock' },
      ];
    case 'pay':
      return [{ bucket: 'lock', amount: negative, kind: 'withdraw_paid', memoKey: 'ledger.withdraw_paid' }];
    case 'reserve':
      return [
        { bucket: 'balance', amount: negative, kind: 'margin_reserve', memoKey: 'ledger.margin_reserve' },
        {
          bucket: 'margin',
          amount,
          kind: 'margin_reserve',
          memoKey: 'ledger.margin_reserve',
          orderId: operation.order,
        },
      ];
    case 'release':
      return [
        {
          bucket: 'margin',
          amount: negative,
          kind: 'margin_release',
          memoKey: 'ledger.margin_release',
          orderId: operation.order,
        },
        { bucket: 'balance', amount, kind: 'margin_release', memoKey: 'ledger.margin_release' },
      ];
  }
}

/** Applies a posting to the model; answers false (model untouched) if any bucket would go below zero. */
function applyToModel(model: Model, entries: LedgerEntryInput[]): boolean {
  let balance = toDecimal(model.balance);
  let lock = toDecimal(model.lock);
  const margin = new Map(model.margin);
  for (const entry of entries) {
    if (entry.bucket === 'balance') balance = balance.plus(entry.amount);
    else if (entry.bucket === 'lock') lock = lock.plus(entry.amount);
    else {
      const orderId = entry.orderId as number;
      margin.set(
        orderId,
        toDecimal(margin.get(orderId) ?? '0')
          .plus(entry.amount)
          .toFixed(),
      );
    }
    if (
      balance.isNegative() ||
      lock.isNegative() ||
      [...margin.values()].some((value) => value.startsWith('-'))
    ) {
      return false;
    }
  }
  model.balance = balance.toFixed();
  model.lock = lock.toFixed();
  model.margin = margin;
  return true;
}

const amountArbitrary = fc
  .tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([units, fraction]) => toDecimal(units).plus(toDecimal(fraction).dividedBy(1e8)).toFixed());

const operationArbitrary = (accounts: number): fc.Arbitrary<Operation> =>
  fc.oneof(
    fc.record({
      type: fc.constantFrom(
        'credit' as const,
        'debit' as const,
        'lock' as const,
        'unlock' as const,
        'pay' as const,
      ),
      account: fc.nat(accounts - 1),
      amount: amountArbitrary,
    }),
    fc.record({
      type: fc.constantFrom('reserve' as const, 'release' as const),
      account: fc.nat(accounts - 1),
      order: fc.integer({ min: 1, max: 3 }),
      amount: amountArbitrary,
    }),
  );

describe('ledger invariant (model test)', () => {
  it('after any sequence of postings each bucket equals the sum of its entries, and refused postings wrote nothing', async () => {
    const accountsPerRun = 2;
    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArbitrary(accountsPerRun), { minLength: 1, maxLength: 25 }),
        async (operations) => {
          const accounts = await Promise.all(Array.from({ length: accountsPerRun }, () => newAccount()));
          const models: Model[] = accounts.map(() => ({ balance: '0', lock: '0', margin: new Map() }));
          for (const operation of operations) {
            const account = accounts[operation.account];
            const model = models[operation.account];
            if (!account || !model) throw new Error('no account');
            const entries = entriesFor(operation);
            const before = (await entriesOf(account.accountId)).length;
            const accepted = applyToModel(model, entries);
            const outcome = await post(account.accountId, entries).then(
              () => 'accepted',
              (error: unknown) => (error instanceof Rejection ? error.key : `fault: ${String(error)}`),
            );
            expect(outcome).toBe(accepted ? 'accepted' : 'error.insufficient_balance');
            expect(await entriesOf(account.accountId)).toHaveLength(
              accepted ? before + entries.length : before,
            );
          }
          for (const [index, account] of accounts.entries()) {
            const model = models[index];
            if (!model) throw new Error('no model');
            const reconciliation = await reconcileAccount(database.db, account.accountId);
            expect(reconciliation.consistent).toBe(true);
            expect(reconciliation.balance).toBe(model.balance);
            expect(reconciliation.lockBalance).toBe(model.lock);
            const marginTotal = [...model.margin.values()].reduce(
              (sum, value) => sum.plus(value),
              toDecimal(0),
            );
            expect(reconciliation.marginEntries).toBe(marginTotal.toFixed());
            for (const [orderId, held] of model.margin) {
              const rows = await database.db
                .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
                .from(ledgerEntries)
                .where(
                  sql`${ledgerEntries.accountId} = ${account.accountId} and ${ledgerEntries.orderId} = ${orderId} and ${ledgerEntries.bucket} = 'margin'`,
                );
              expect(toDecimal(rows[0]?.total ?? '0').equals(held)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
