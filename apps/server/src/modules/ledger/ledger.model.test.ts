import type { SessionData } from '@meridian/contract/auth';
import type { DepositRecord, WithdrawPage } from '@meridian/contract/funds';
import type { DrawMethod } from '@meridian/contract/wallet';
import { type AccountId, asOrderId, asUserId, type OrderId } from '@meridian/domain/ids';
import { type DecimalValue, toDecimal } from '@meridian/domain/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, PASSWORD } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  bindTron,
  coinChannel,
  detail,
  financeStaff,
  proofImage,
  type StaffLogin,
  verifiedCustomer,
  withdraw,
} from '../../../test/funds';
import { credit, debit, ledgerEntriesOf, newLedgerAccount, postAt } from '../../../test/ledger';
import { adminCall, staffSession } from '../../../test/staff';
import { ledgerEntries } from '../../db/schema';
import { Rejection } from '../../http/errors';
import { findAccountIdOfUser, reconcileAccount } from './account-reads';
import type { LedgerEntryInput } from './ledger.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const newAccount = () => newLedgerAccount(database.db);
const post = (accountId: AccountId, entries: LedgerEntryInput[]) => postAt(database.db, accountId, entries);
const entriesOf = (accountId: AccountId) => ledgerEntriesOf(database.db, accountId);

/** The operations of the model test; each is one posting. */
type Operation =
  | { type: 'credit' | 'debit' | 'lock' | 'unlock' | 'pay'; account: number; amount: string }
  | { type: 'reserve' | 'release'; account: number; order: OrderId; amount: string };

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
      order: fc.integer({ min: 1, max: 3 }).map(asOrderId),
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

/**
 * The same invariant through the funds area's calls, as customers and the back office make them:
 * deposits approved or rejected, withdrawal requests, payments and rejections, in random order over
 * a few customers. After every step each account's balance and lock equal the sums of their entries
 * and what a model of the rules expects, and no bucket is below zero.
 */
describe('ledger invariant through deposits and withdrawals (model test)', () => {
  type FundsOperation =
    | { type: 'deposit' | 'deposit_rejected'; customer: number; cents: number }
    | { type: 'withdraw'; customer: number; cents: number }
    | { type: 'pay' | 'reject'; customer: number; pick: number };
  type Customer = { session: SessionData; method: DrawMethod; proof: string };
  type FundsModel = {
    balance: DecimalValue;
    lock: DecimalValue;
    pending: { id: number; amount: DecimalValue }[];
  };

  let app: TestApp;
  let finance: StaffLogin;
  const customers: Customer[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    finance = await financeStaff(app);
    const compliance = await staffSession(app, 'compliance');
    for (let index = 0; index < 3; index += 1) {
      const session = await verifiedCustomer(app, compliance, `model${index}`);
      customers.push({
        session,
        method: await bindTron(app, session.token),
        proof: await proofImage(app, session.token),
      });
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const operations = fc.oneof(
    fc.record({
      type: fc.constantFrom('deposit' as const, 'deposit_rejected' as const),
      customer: fc.nat(2),
      cents: fc.integer({ min: 1000, max: 40_000 }),
    }),
    fc.record({
      type: fc.constant('withdraw' as const),
      customer: fc.nat(2),
      cents: fc.integer({ min: 1000, max: 40_000 }),
    }),
    fc.record({
      type: fc.constantFrom('pay' as const, 'reject' as const),
      customer: fc.nat(2),
      pick: fc.nat(20),
    }),
  );

  async function modelOf(customer: Customer): Promise<FundsModel> {
    const figures = await detail(app, customer.session.token);
    const records = await call<WithdrawPage>(
      app,
      'GET',
      '/api/account/draw_list',
      { limit: 50 },
      { token: customer.session.token },
    );
    return {
      balance: toDecimal(figures.balance),
      lock: toDecimal(figures.lock_balance),
      pending: records.data.list
        .filter((record) => record.status === 0)
        .map((record) => ({ id: record.id, amount: toDecimal(record.number) })),
    };
  }

  async function step(operation: FundsOperation, customer: Customer, model: FundsModel): Promise<void> {
    if ('pick' in operation) return settle(operation, model);
    const token = customer.session.token;
    if (operation.type === 'deposit' || operation.type === 'deposit_rejected') {
      const amount = toDecimal(operation.cents).div(100);
      const channel = await coinChannel(app, token, 'USDT', 'TRC20');
      const deposit = await call<DepositRecord>(
        app,
        'POST',
        '/api/quickCharge/submit',
        { number: amount.toFixed(), proofImg: customer.proof, charge_id: channel.id },
        { token },
      );
      expect(deposit.code).toBe(1);
      const approve = operation.type === 'deposit';
      const review = await adminCall(
        app,
        'POST',
        approve ? '/admin/api/funds/deposits/approve' : '/admin/api/funds/deposits/reject',
        approve ? { id: deposit.data.id } : { id: deposit.data.id, remark: 'No transfer found.' },
        finance.token,
      );
      expect(review.code).toBe(1);
      if (approve) model.balance = model.balance.plus(amount);
      return;
    }
    if (operation.type === 'withdraw') {
      const amount = toDecimal(operation.cents).div(100);
      const answer = await withdraw(app, token, customer.method, amount.toFixed(2), PASSWORD);
      if (amount.gt(model.balance)) expect(answer.msg).toMatch(/more than your available balance/);
      else if (model.pending.length >= 10) expect(answer.msg).toMatch(/waiting for review/);
      else {
        expect(answer.code).toBe(1);
        model.balance = model.balance.minus(amount);
        model.lock = model.lock.plus(amount);
        model.pending.push({ id: answer.data.id, amount });
      }
      return;
    }
  }

  /** Staff pay or reject one of the customer's waiting withdrawals (any of them, by `pick`). */
  async function settle(
    operation: { type: 'pay' | 'reject'; pick: number },
    model: FundsModel,
  ): Promise<void> {
    const chosen = model.pending[operation.pick % Math.max(1, model.pending.length)];
    if (!chosen) return;
    const answer =
      operation.type === 'pay'
        ? await adminCall(
            app,
            'POST',
            '/admin/api/funds/withdrawals/pay',
            { id: chosen.id, payout_reference: 'TX' },
            finance.token,
          )
        : await adminCall(
            app,
            'POST',
            '/admin/api/funds/withdrawals/reject',
            { id: chosen.id, notes: 'Refused.' },
            finance.token,
          );
    expect(answer.code).toBe(1);
    model.pending = model.pending.filter((one) => one.id !== chosen.id);
    model.lock = model.lock.minus(chosen.amount);
    if (operation.type === 'reject') model.balance = model.balance.plus(chosen.amount);
  }

  it('keeps every account balanced after every step, and as the model expects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operations, { minLength: 1, maxLength: 12 }), async (sequence) => {
        const models = await Promise.all(customers.map(modelOf));
        for (const operation of sequence) {
          const customer = customers[operation.customer] as Customer;
          const model = models[operation.customer] as FundsModel;
          await step(operation, customer, model);
          const accountId = (await findAccountIdOfUser(
            app.database.db,
            asUserId(customer.session.user.id),
          )) as AccountId;
          const books = await reconcileAccount(app.database.db, accountId);
          expect(books.consistent).toBe(true);
          expect(toDecimal(books.balance).isNegative() || toDecimal(books.lockBalance).isNegative()).toBe(
            false,
          );
          expect(toDecimal(books.balance).equals(model.balance)).toBe(true);
          expect(toDecimal(books.lockBalance).equals(model.lock)).toBe(true);
          expect(books.marginEntries).toBe('0');
        }
      }),
      { numRuns: 8 },
    );
  });
});
