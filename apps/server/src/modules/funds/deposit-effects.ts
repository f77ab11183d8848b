import type { FundsOutcome } from '@meridian/contract/funds';
import { normalizeLanguage } from '@meridian/contract/languages';
import { plainDecimal } from '@meridian/domain/money';
import { moneyText } from '@meridian/domain/withdraw-figures';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { findAccountOfUser, postToLedger } from '../ledger/ledger.public';
import type { CustomerNotice } from '../notify/notify.public';
import type { AuthenticatedStaff } from '../staff/staff.public';
import { imageUrl } from '../uploads/uploads.public';
import type * as repository from './deposits.repository';
import { depositRecordView } from './funds-views';

// What a deposit's review does beyond its own row: the credit in the ledger, the customer's notice
// (queued in the review's transaction) and the push once it has committed.

export async function creditDeposit(
  tx: Tx,
  deposit: repository.DepositRow,
  amount: string,
  staff: AuthenticatedStaff,
  at: Date,
): Promise<{ balance: string; lockBalance: string }> {
  const posted = await postToLedger(tx, {
    accountId: deposit.accountId,
    entries: [
      {
        bucket: 'balance',
        amount,
        kind: 'deposit',
        memoKey: 'ledger.deposit',
        reference: `deposit:${deposit.id}`,
        author: `staff:${staff.id}`,
      },
    ],
    at,
  });
  return { balance: posted.balance, lockBalance: posted.lockBalance };
}

export async function announceDeposit(
  context: ServerContext,
  row: repository.StaffDepositRow,
  outcome: FundsOutcome,
  balances: { balance: string; lockBalance: string } | undefined,
): Promise<void> {
  const { deposit } = row;
  const language = normalizeLanguage(row.customer.language);
  const after = balances ?? (await findAccountOfUser(context.db, deposit.userId));
  if (!after) throw new Error(`deposit ${deposit.id} of a user without an account`);
  if (balances) {
    context.events.emit('account.balance_changed', {
      accountId: deposit.accountId,
      userId: deposit.userId,
      balance: balances.balance,
    });
  }
  const signed = await imageUrl(
    context,
    { name: row.proofName, ownerUserId: deposit.userId },
    { kind: 'owner', userId: deposit.userId },
  );
  context.events.emit('funds.outcome', {
    userId: deposit.userId,
    push: {
      kind: 'deposit',
      outcome,
      record: depositRecordView(deposit, signed.url, language),
      balance: after.balance,
      lock_balance: after.lockBalance,
    },
  });
}

/** The customer's notice of a reviewed deposit, queued in the review's transaction. */
export function depositNotice(
  deposit: repository.StaffDepositRow['deposit'],
  outcome: FundsOutcome,
  at: Date,
): CustomerNotice {
  return {
    userId: deposit.userId,
    type: `funds.deposit_${outcome}`,
    key: `notice.deposit_${outcome}`,
    params: {
      id: String(deposit.id),
      number: plainDecimal(deposit.number),
      currency: deposit.currencyCode,
      amount: deposit.amount === null ? '0' : moneyText(deposit.amount),
      remark: deposit.remark,
    },
    at,
  };
}
