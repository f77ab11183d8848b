import type { AccountId, UserId } from '@meridian/domain/ids';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { ledgerEntries, users } from '../src/db/schema';
import { Rejection } from '../src/http/errors';
import type { AccountMode } from '../src/modules/ledger/ledger.kinds';
import {
  type LedgerEntryInput,
  openTradingAccount,
  postToLedger,
} from '../src/modules/ledger/ledger.service';

/** What the ledger's own tests share: accounts made directly, postings, entries, refusals. */
export const LEDGER_AT = new Date('2026-11-18T12:00:00Z');
let userCounter = 0;

/** A user and their trading account, made directly: these tests are about the ledger alone. */
export async function newLedgerAccount(
  db: Db,
  mode: AccountMode = 'real',
): Promise<{ userId: UserId; accountId: AccountId }> {
  userCounter += 1;
  const number = userCounter;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        uid: String(70_000_000 + number),
        inviteCode: `L${String(number).padStart(7, '0')}`,
        email: `ledger${number}@example.com`,
      })
      .returning();
    if (!user) throw new Error('no user');
    const account = await openTradingAccount(tx, user.id, mode, LEDGER_AT);
    return { userId: user.id, accountId: account.id };
  });
}

export function postAt(db: Db, accountId: AccountId, entries: LedgerEntryInput[]) {
  return db.transaction((tx) => postToLedger(tx, { accountId, entries, at: LEDGER_AT }));
}

export const credit = (amount: string): LedgerEntryInput => ({
  bucket: 'balance',
  amount,
  kind: 'deposit',
  memoKey: 'ledger.deposit',
});

export const debit = (amount: string): LedgerEntryInput => ({
  bucket: 'balance',
  amount: `-${amount}`,
  kind: 'trade_fee',
  memoKey: 'ledger.trade_fee',
});

export async function ledgerEntriesOf(db: Db, accountId: AccountId) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(ledgerEntries.id);
}

export async function rejectionOf(promise: Promise<unknown>): Promise<Rejection> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Rejection)) throw new Error(`expected a Rejection, got ${String(error)}`);
  return error;
}
