import type { AccountId, OrderId, UserId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import type { DbOrTx } from '../../db/database';
import type { AccountMode } from './ledger.kinds';
import * as repository from './ledger.repository';

// Reads of trading accounts and their entries: balances, the billing history, the reconciliation.

type AccountDetail = { account_id: number; mode: AccountMode; balance: string; lock_balance: string };

/** Balance and lock of a user's account (spec section 3, account detail); undefined without one. */

export async function getAccountDetail(db: DbOrTx, userId: UserId): Promise<AccountDetail | undefined> {
  const account = await repository.findAccountByUser(db, userId);
  if (!account) return undefined;
  return {
    account_id: account.id,
    mode: account.mode as AccountMode,
    balance: toDecimal(account.balance).toFixed(),
    lock_balance: toDecimal(account.lockBalance).toFixed(),
  };
}

export async function findAccountIdOfUser(db: DbOrTx, userId: UserId): Promise<AccountId | undefined> {
  return (await repository.findAccountByUser(db, userId))?.id;
}

/** An account's row as its owner's services see it: balances as exact decimal texts. */

export type AccountSnapshot = {
  accountId: AccountId;
  userId: UserId;
  mode: AccountMode;
  balance: string;
  lockBalance: string;
};

export function snapshotOf(account: repository.TradingAccountRow): AccountSnapshot {
  return {
    accountId: account.id,
    userId: account.userId,
    mode: account.mode as AccountMode,
    balance: toDecimal(account.balance).toFixed(),
    lockBalance: toDecimal(account.lockBalance).toFixed(),
  };
}

export async function findAccountOfUser(db: DbOrTx, userId: UserId): Promise<AccountSnapshot | undefined> {
  const account = await repository.findAccountByUser(db, userId);
  return account ? snapshotOf(account) : undefined;
}

/** Available balances of several accounts (the trading engine refreshes its copies with it). */

export async function balancesOf(
  db: DbOrTx,
  accountIds: readonly AccountId[],
): Promise<Map<AccountId, string>> {
  const rows = await repository.balancesOf(db, accountIds);
  return new Map(rows.map((row) => [row.id, toDecimal(row.balance).toFixed()]));
}

type BillingEntry = {
  id: number;
  amount: string;
  balanceAfter: string;
  kind: string;
  memoKey: string;
  memoParams: Record<string, string>;
  orderId: OrderId | null;
  createdAt: Date;
};

/**
 * The billing history (spec: the customer sees the entries of the available balance), newest
 * first, one page, with the number of such entries. The back office may sort it by a column of its
 * ledger tab (list-sort.ts).
 */

export async function billingHistory(
  db: DbOrTx,
  accountId: AccountId,
  page: repository.LedgerPageRequest,
): Promise<{ entries: BillingEntry[]; total: number }> {
  const [entries, total] = await Promise.all([
    repository.listBalanceEntries(db, accountId, page),
    repository.countBalanceEntries(db, accountId),
  ]);
  return {
    entries: entries.map((row) => ({
      id: row.id,
      amount: toDecimal(row.amount).toFixed(),
      balanceAfter: toDecimal(row.balanceAfter).toFixed(),
      kind: row.kind,
      memoKey: row.memoKey,
      memoParams: row.memoParams,
      orderId: row.orderId,
      createdAt: row.createdAt,
    })),
    total,
  };
}

type Reconciliation = {
  balance: string;
  balanceEntries: string;
  lockBalance: string;
  lockEntries: string;
  marginEntries: string;
  entryCount: number;
  consistent: boolean;
};

/**
 * Compares each stored bucket with the sum of its entries. Margin has no stored column here; the
 * order tables check it against open orders once they exist.
 */

export async function reconcileAccount(db: DbOrTx, accountId: AccountId): Promise<Reconciliation> {
  const account = await repository.findAccount(db, accountId);
  if (!account) throw new Error(`reconcile of a missing account ${accountId}`);
  const sums = await repository.sumEntriesByBucket(db, accountId);
  const consistent =
    toDecimal(account.balance).equals(sums.balance) && toDecimal(account.lockBalance).equals(sums.lock);
  return {
    balance: toDecimal(account.balance).toFixed(),
    balanceEntries: toDecimal(sums.balance).toFixed(),
    lockBalance: toDecimal(account.lockBalance).toFixed(),
    lockEntries: toDecimal(sums.lock).toFixed(),
    marginEntries: toDecimal(sums.margin).toFixed(),
    entryCount: sums.count,
    consistent,
  };
}
