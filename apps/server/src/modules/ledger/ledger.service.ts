import type { AccountId, OrderId, UserId } from '@meridian/domain/ids';
import { type DecimalValue, toDecimal } from '@meridian/domain/money';
import type { Tx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { type AccountSnapshot, snapshotOf } from './account-reads';
import type { AccountMode, LedgerKind } from './ledger.kinds';
import * as repository from './ledger.repository';

/** One movement of one bucket. `amount` is a signed decimal string: positive adds, negative takes. */

type LedgerEntryFields = {
  amount: string;
  kind: LedgerKind;
  /** Key of the billing-history text in the server locales, such as `ledger.deposit`. */
  memoKey: string;
  memoParams?: Record<string, string>;
  /** What caused it outside the ledger: a deposit number, a withdrawal number. */
  reference?: string;
  /** Who made a manual change (back-office user); empty for the system. */
  author?: string;
};

/**
 * One entry of a posting. A margin entry names the order whose margin moves (its held margin is
 * per order); an entry of the balance or the lock may name the order that caused it.
 */
export type LedgerEntryInput =
  | (LedgerEntryFields & { bucket: 'balance'; orderId?: OrderId })
  | (LedgerEntryFields & { bucket: 'lock'; orderId?: OrderId })
  | (LedgerEntryFields & { bucket: 'margin'; orderId: OrderId });

type Posting = {
  accountId: AccountId;
  entries: readonly LedgerEntryInput[];
  at: Date;
};

type PostingResult = {
  accountId: AccountId;
  balance: string;
  lockBalance: string;
  entryIds: number[];
};

const AMOUNT_PATTERN = new RegExp(
  `^-?[0-9]{1,${SERVER_LIMITS.ledgerAmountIntegerDigitsMax}}(\\.[0-9]{1,${SERVER_LIMITS.ledgerAmountDecimalPlacesMax}})?$`,
);

/** A malformed posting is a programmer error, never a customer's: fail loudly. */

/** Checks a posting's entries and answers their amounts, parsed once for the posting to use. */
function assertPostingShape(entries: readonly LedgerEntryInput[]): DecimalValue[] {
  if (entries.length === 0 || entries.length > SERVER_LIMITS.ledgerEntriesPerPostingMax) {
    throw new Error(`ledger posting must hold 1 to ${SERVER_LIMITS.ledgerEntriesPerPostingMax} entries`);
  }
  return entries.map((entry) => {
    const amount = AMOUNT_PATTERN.test(entry.amount) ? toDecimal(entry.amount) : undefined;
    if (amount === undefined || amount.isZero()) {
      throw new Error(`ledger amount must be a nonzero decimal of at most 8 places: ${entry.amount}`);
    }
    if (entry.bucket === 'margin' && entry.orderId === undefined) {
      throw new Error('a margin entry must name its order');
    }
    return amount;
  });
}

/**
 * What a caller may tell `postToLedger` so that it reads less. `locked`: the account's snapshot from
 * `lockAccountForUpdate` in this same transaction, with no posting to the account since (checked:
 * anything else is a programmer error); the lock and the balances are not read again.
 * `newOrderIds`: orders inserted in this transaction, which hold no margin yet, so their held margin
 * is known to be zero and not read.
 */

type PostingOptions = { locked?: AccountSnapshot; newOrderIds?: readonly OrderId[] };

/**
 * The one function through which every balance changes (ARCHITECTURE.md Principle 1), inside the
 * caller's transaction: it locks the account row, applies the entries in order, refuses with
 * `error.insufficient_balance` if any bucket would go below zero (nothing is written then), writes
 * each entry with the bucket's value after it, and stores the new balances.
 */

export async function postToLedger(
  tx: Tx,
  posting: Posting,
  options: PostingOptions = {},
): Promise<PostingResult> {
  const amounts = assertPostingShape(posting.entries);
  const account = options.locked
    ? takeLockedSnapshot(tx, options.locked, posting.accountId)
    : await lockedBalances(tx, posting.accountId);
  forgetLockedSnapshot(tx, posting.accountId);
  let balance = toDecimal(account.balance);
  let lockBalance = toDecimal(account.lockBalance);
  const marginByOrder = new Map<OrderId, DecimalValue>(
    (options.newOrderIds ?? []).map((orderId) => [orderId, toDecimal(0)]),
  );
  const rows: repository.NewLedgerEntryRow[] = [];

  for (const [index, entry] of posting.entries.entries()) {
    const amount = amounts[index] as DecimalValue;
    let after: DecimalValue;
    if (entry.bucket === 'balance') {
      balance = balance.plus(amount);
      after = balance;
    } else if (entry.bucket === 'lock') {
      lockBalance = lockBalance.plus(amount);
      after = lockBalance;
    } else {
      const orderId = entry.orderId;
      const held =
        marginByOrder.get(orderId) ??
        toDecimal(await repository.marginHeldByOrder(tx, posting.accountId, orderId));
      after = held.plus(amount);
      marginByOrder.set(orderId, after);
    }
    if (after.isNegative()) throw new Rejection('error.insufficient_balance');
    rows.push(entryRow(posting.accountId, entry, amount, after, posting.at));
  }

  // Entries and balances in one statement: one round trip fewer on every change of money. It
  // checks the balances it started from a second time, in the database.
  const written = await repository.insertEntriesAndBalances(tx, rows, {
    accountId: posting.accountId,
    before: { balance: account.balance, lockBalance: account.lockBalance },
    after: { balance: balance.toFixed(), lockBalance: lockBalance.toFixed() },
    at: posting.at,
  });
  if (written.accountsUpdated !== 1)
    throw new Error(
      `ledger update touched ${written.accountsUpdated} accounts: the balances moved since they were read`,
    );
  return {
    accountId: posting.accountId,
    balance: balance.toFixed(),
    lockBalance: lockBalance.toFixed(),
    entryIds: written.entryIds,
  };
}

async function lockedBalances(tx: Tx, accountId: AccountId): Promise<repository.TradingAccountRow> {
  const account = await repository.lockAccount(tx, accountId);
  if (!account) throw new Error(`ledger posting to a missing account ${accountId}`);
  return account;
}

/**
 * `postToLedger` for many accounts at once (copy trading opens thousands of copies when a trader's
 * order opens): the same checks and the same rows, in a few statements instead of a few per
 * account. Accounts are locked in ascending id order, the order every bulk writer follows. An
 * account named by several postings gets them in the order given, each starting from the balances
 * the one before left (the trigger engine closes many positions of one account in one batch): its
 * result is the balances after it, and the account's row is written once, with the last. A bucket
 * that would go below zero refuses the whole call with `error.insufficient_balance`, as
 * `postToLedger` does (the caller checked first).
 */

type BulkPostingOptions = {
  /** Snapshots from `lockAccountsForUpdate` in this transaction, no posting since: not locked or read again. */
  locked?: ReadonlyMap<AccountId, AccountSnapshot>;
  /** Orders inserted in this transaction: they hold no margin yet, so it is not read. */
  newOrderIds?: readonly OrderId[];
};

export async function postToLedgerMany(
  tx: Tx,
  postings: readonly Posting[],
  options: BulkPostingOptions = {},
): Promise<PostingResult[]> {
  if (postings.length === 0) return [];
  const accountIds = [...new Set(postings.map((posting) => posting.accountId))];
  const amountsOf = postings.map((posting) => assertPostingShape(posting.entries));
  for (const accountId of accountIds) forgetLockedSnapshot(tx, accountId);
  const locked = options.locked;
  const accounts = new Map<AccountId, { id: AccountId; balance: string; lockBalance: string }>(
    locked && accountIds.every((id) => locked.has(id))
      ? accountIds.map((id) => {
          const snapshot = locked.get(id) as AccountSnapshot;
          return [id, { id, balance: snapshot.balance, lockBalance: snapshot.lockBalance }];
        })
      : (await repository.lockAccounts(tx, accountIds)).map((row) => [row.id, row]),
  );
  const fresh = new Set(options.newOrderIds ?? []);
  const marginPairs = postings.flatMap((posting) =>
    posting.entries.flatMap((entry) =>
      entry.bucket === 'margin' && !fresh.has(entry.orderId)
        ? [{ accountId: posting.accountId, orderId: entry.orderId }]
        : [],
    ),
  );
  // Each pair once: a pair named twice would be joined twice and its margin summed twice.
  const uniquePairs = [
    ...new Map(marginPairs.map((pair) => [`${pair.accountId}:${pair.orderId}`, pair])).values(),
  ];
  const held = new Map(
    (await repository.marginHeldByOrders(tx, uniquePairs)).map((row) => [
      `${row.accountId}:${row.orderId}`,
      toDecimal(row.total),
    ]),
  );
  const rows: repository.NewLedgerEntryRow[] = [];
  const results: PostingResult[] = [];
  /** Each account's balances after its postings so far (the next posting of it starts there). */
  const running = new Map<AccountId, { balance: DecimalValue; lockBalance: DecimalValue }>();
  for (const [postingIndex, posting] of postings.entries()) {
    const amounts = amountsOf[postingIndex] as DecimalValue[];
    const account = accounts.get(posting.accountId);
    if (!account) throw new Error(`ledger posting to a missing account ${posting.accountId}`);
    const before = running.get(account.id);
    let balance = before?.balance ?? toDecimal(account.balance);
    let lockBalance = before?.lockBalance ?? toDecimal(account.lockBalance);
    for (const [index, entry] of posting.entries.entries()) {
      const amount = amounts[index] as DecimalValue;
      let after: DecimalValue;
      if (entry.bucket === 'balance') after = balance = balance.plus(amount);
      else if (entry.bucket === 'lock') after = lockBalance = lockBalance.plus(amount);
      else {
        const key = `${account.id}:${entry.orderId}`;
        after = (held.get(key) ?? toDecimal(0)).plus(amount);
        held.set(key, after);
      }
      if (after.isNegative()) throw new Rejection('error.insufficient_balance');
      rows.push(entryRow(account.id, entry, amount, after, posting.at));
    }
    running.set(account.id, { balance, lockBalance });
    results.push({
      accountId: account.id,
      balance: balance.toFixed(),
      lockBalance: lockBalance.toFixed(),
      entryIds: [],
    });
  }
  // One array parameter per column, whatever the number of rows (no parameter limit to chunk for).
  const entryIds = await repository.insertEntriesBulk(tx, rows);
  // Ids come back in the rows' order: hand each posting its own.
  let next = 0;
  postings.forEach((posting, index) => {
    (results[index] as PostingResult).entryIds = entryIds.slice(next, next + posting.entries.length);
    next += posting.entries.length;
  });
  const at = postings[0]?.at ?? new Date();
  const updated = await repository.updateManyBalances(
    tx,
    accountIds.map((accountId) => {
      const before = accounts.get(accountId) as { balance: string; lockBalance: string };
      const after = running.get(accountId) as { balance: DecimalValue; lockBalance: DecimalValue };
      return {
        accountId,
        balance: after.balance.toFixed(),
        lockBalance: after.lockBalance.toFixed(),
        previousBalance: before.balance,
        previousLockBalance: before.lockBalance,
      };
    }),
    at,
  );
  if (updated !== accountIds.length)
    throw new Error(
      `bulk ledger update touched ${updated} of ${accountIds.length}: a stale account snapshot`,
    );
  return results;
}

function entryRow(
  accountId: AccountId,
  entry: LedgerEntryInput,
  amount: DecimalValue,
  after: DecimalValue,
  at: Date,
): repository.NewLedgerEntryRow {
  return {
    accountId,
    bucket: entry.bucket,
    orderId: entry.orderId ?? null,
    amount: amount.toFixed(),
    balanceAfter: after.toFixed(),
    kind: entry.kind,
    reference: entry.reference ?? null,
    memoKey: entry.memoKey,
    memoParams: entry.memoParams ?? {},
    author: entry.author ?? null,
    createdAt: at,
  };
}

/** Opens a user's trading account at zero; money arrives only through `postToLedger`. */

export async function openTradingAccount(tx: Tx, userId: UserId, mode: AccountMode, at: Date) {
  return repository.insertAccount(tx, { userId, mode, at });
}

/**
 * Takes the account's row lock for the rest of the caller's transaction (the lock `postToLedger`
 * takes too) and reads the balances under it. A service that writes more than ledger entries (an
 * order row) takes it first, so every writer of an account waits in the same order and two
 * transactions never deadlock on the row (a foreign key's share lock taken first would).
 */

export async function lockAccountForUpdate(tx: Tx, accountId: AccountId): Promise<AccountSnapshot> {
  const account = await repository.lockAccount(tx, accountId);
  if (!account) throw new Error(`lock of a missing account ${accountId}`);
  const snapshot = snapshotOf(account);
  rememberLockedSnapshot(tx, snapshot);
  return snapshot;
}

/**
 * The snapshot `lockAccountForUpdate` read last for each account, per live transaction. Any posting
 * to the account forgets it (its balances moved), so a snapshot handed back to `postToLedger` is
 * known to hold the balances the account has now, under a lock this transaction holds. (A savepoint
 * is a transaction object of its own, so its postings are not seen here; the balance update checks
 * the balances it started from again, in the database, which covers that case too.)
 */

const lockedSnapshots = new WeakMap<Tx, Map<AccountId, AccountSnapshot>>();

function rememberLockedSnapshot(tx: Tx, snapshot: AccountSnapshot): void {
  let current = lockedSnapshots.get(tx);
  if (!current) {
    current = new Map();
    lockedSnapshots.set(tx, current);
  }
  current.set(snapshot.accountId, snapshot);
}

function forgetLockedSnapshot(tx: Tx, accountId: AccountId): void {
  lockedSnapshots.get(tx)?.delete(accountId);
}

/** A stale or foreign snapshot would post from wrong balances: a programmer error, fail loudly. */

function takeLockedSnapshot(tx: Tx, snapshot: AccountSnapshot, accountId: AccountId): AccountSnapshot {
  if (snapshot.accountId !== accountId || lockedSnapshots.get(tx)?.get(accountId) !== snapshot)
    throw new Error(`posting to account ${accountId} with a snapshot that is not its current lock`);
  return snapshot;
}

/** `lockAccountForUpdate` for several accounts, taken in ascending id order. */

export async function lockAccountsForUpdate(
  tx: Tx,
  accountIds: readonly AccountId[],
): Promise<Map<AccountId, AccountSnapshot>> {
  const rows = await repository.lockAccounts(tx, accountIds);
  return new Map(rows.map((row) => [row.id, snapshotOf(row)]));
}
