import type { QuoteToAccountRate } from '@meridian/domain/conversion';
import type { AccountId } from '@meridian/domain/ids';
import { type DecimalValue, toDecimal } from '@meridian/domain/money';
import { realisedProfit } from '@meridian/domain/profit';
import type { Side } from '@meridian/domain/side';
import { asLots, asPrice, type Money, type Price } from '@meridian/domain/trade-values';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import type { OrderRecord } from '../../events';
import {
  type AccountSnapshot,
  type LedgerEntryInput,
  lockAccountForUpdate,
  lockAccountsForUpdate,
  postToLedger,
  postToLedgerMany,
} from '../ledger/ledger.public';
import { cancelEntries, closeEntries } from './settlement-entries';
import * as repository from './trading.repository';

/**
 * With several nodes (PostgreSQL and REDIS_URL, which several nodes need for their sockets), the
 * engine runs on one of them; every transaction that changes an order tells it (trading.repository
 * `announceChange`). One node needs no announcement: its engine hears the events. Not announcing
 * there matters for speed too: PostgreSQL serializes the commits of notifying transactions.
 */
export function announcesChanges(context: Pick<ServerContext, 'database' | 'config'>): boolean {
  return context.database.engine === 'postgres' && context.config.redisUrl !== undefined;
}

export async function announce(announces: boolean, tx: Tx, order: OrderRecord | undefined): Promise<void> {
  if (announces && order) await repository.announceChange(tx, order);
}

/** An order after a committed change, with the available balance right after it. */
export type OrderChange = { order: OrderRecord; balance: string };

/** The profit a holding order realises when it closes at `price`. */
export function profitAt(order: OrderRecord, price: Price, rate: QuoteToAccountRate): Money {
  return realisedProfit({
    side: order.side as Side,
    openPrice: asPrice(order.openPrice ?? order.originPrice),
    markPrice: price,
    lots: asLots(order.lots),
    unitsPerLot: order.unitsPerLot,
    quoteToAccountRate: rate,
  });
}

/**
 * Closes a holding order inside the caller's transaction, at most once: the account lock first
 * (the order every writer of an account follows), then the guarded status change, then the ledger:
 * margin back, negative balance protection when needed, realised profit. Undefined when the order
 * was no longer holding (closed meanwhile by a trigger or by its owner): nothing is written then.
 * The posting starts from the balances read under that lock, without reading them again.
 */
export async function closeInTransaction(
  tx: Tx,
  change: {
    announces: boolean;
    order: OrderRecord;
    closePrice: Price;
    profit: Money;
    reason: repository.CloseReasonValue;
    at: Date;
  },
): Promise<OrderChange | undefined> {
  const account = await lockAccountForUpdate(tx, change.order.accountId);
  const closed = await repository.markClosed(tx, {
    orderId: change.order.id,
    closePrice: change.closePrice,
    realisedProfit: change.profit,
    reason: change.reason,
    at: change.at,
  });
  if (!closed) return undefined;
  await announce(change.announces, tx, closed);
  const { entries } = closeEntries(closed, account.balance, change.profit);
  return postOrderEntries(tx, closed, account, entries, change.at);
}

/** Posts a settled order's entries under its account's lock (none: the balance stands). */
async function postOrderEntries(
  tx: Tx,
  order: OrderRecord,
  account: AccountSnapshot,
  entries: LedgerEntryInput[],
  at: Date,
): Promise<OrderChange> {
  if (entries.length === 0) return { order, balance: account.balance };
  const posting = await postToLedger(tx, { accountId: order.accountId, entries, at }, { locked: account });
  return { order, balance: posting.balance };
}

/** Cancels a pending order inside the caller's transaction, at most once: margin and fee back. */
export async function cancelInTransaction(
  tx: Tx,
  change: { announces: boolean; order: OrderRecord; reason: repository.CloseReasonValue; at: Date },
): Promise<OrderChange | undefined> {
  const account = await lockAccountForUpdate(tx, change.order.accountId);
  const cancelled = await repository.markCancelled(tx, {
    orderId: change.order.id,
    reason: change.reason,
    at: change.at,
  });
  if (!cancelled) return undefined;
  await announce(change.announces, tx, cancelled);
  return postOrderEntries(tx, cancelled, account, cancelEntries(cancelled), change.at);
}

export type MarketClose = {
  order: OrderRecord;
  closePrice: Price;
  profit: Money;
  /** This close's reason, when not the call's (the engine's batch of stop-losses and take-profits). */
  reason?: repository.CloseReasonValue | undefined;
};

/**
 * `closeInTransaction` for many positions at once (copy trading closes thousands of copies when a
 * trader's order closes; the engine closes every stop a quote crosses): the accounts locked in
 * ascending id order, the orders closed in one statement (each only while still holding), then the
 * ledger in one bulk posting. An account with several of the orders gets them in order of the
 * closes, each close's negative balance protection computed from the balance the one before left;
 * the account's balance is written once. Answers the orders closed now, each with the balance right
 * after its own close.
 */
export async function closeManyInTransaction(
  tx: Tx,
  change: {
    announces: boolean;
    closes: readonly MarketClose[];
    reason: repository.CloseReasonValue;
    at: Date;
    /** The accounts' snapshots, when the caller locked them already in this transaction. */
    locked?: ReadonlyMap<AccountId, AccountSnapshot> | undefined;
  },
): Promise<OrderChange[]> {
  if (change.closes.length === 0) return [];
  const accounts =
    change.locked ??
    (await lockAccountsForUpdate(tx, [...new Set(change.closes.map((close) => close.order.accountId))]));
  const profits = new Map(change.closes.map((close) => [close.order.id, close.profit]));
  const closed = await repository.markManyClosed(
    tx,
    change.closes.map((close) => ({
      orderId: close.order.id,
      closePrice: close.closePrice,
      realisedProfit: close.profit,
      reason: close.reason,
    })),
    change.reason,
    change.at,
  );
  for (const order of closed) await announce(change.announces, tx, order);
  // The order of the closes as given (the update answers in no particular order).
  const position = new Map(change.closes.map((close, index) => [close.order.id, index]));
  closed.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const balances = new Map<number, DecimalValue>(
    [...accounts].map(([id, snapshot]) => [id, toDecimal(snapshot.balance)]),
  );
  const postings: { accountId: AccountId; entries: LedgerEntryInput[]; at: Date }[] = [];
  const after: { order: OrderRecord; balance: DecimalValue }[] = [];
  for (const order of closed) {
    const before = balances.get(order.accountId) ?? toDecimal(0);
    // Where the ledger will leave the balance: `balance` is the entries' sum in the balance bucket.
    const { entries, balanceAfter: balance } = closeEntries(order, before, profits.get(order.id) as Money);
    balances.set(order.accountId, balance);
    if (entries.length > 0) postings.push({ accountId: order.accountId, entries, at: change.at });
    after.push({ order, balance });
  }
  const results = await postToLedgerMany(tx, postings, { locked: accounts });
  // The ledger's own figures win (they are the same; a difference would be a bug worth seeing).
  const last = new Map(results.map((result) => [result.accountId, result.balance]));
  for (const [accountId, balance] of last)
    if (!toDecimal(balance).equals(balances.get(accountId) ?? toDecimal(0)))
      throw new Error(
        `bulk close of account ${accountId}: ledger balance ${balance} differs from the closes'`,
      );
  return after.map(({ order, balance }) => ({ order, balance: balance.toFixed() }));
}
