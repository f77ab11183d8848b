import type { CustomerContextRecord } from '@meridian/contract/customer-context-staff';
import { depositStatusOf, withdrawalStatusOf } from '@meridian/domain/funds-states';
import type { UserId } from '@meridian/domain/ids';
import { plainDecimal } from '@meridian/domain/money';
import { moneyText } from '@meridian/domain/withdraw-figures';
import type { DbOrTx } from '../../db/database';
import * as deposits from './deposits.repository';
import * as withdrawals from './withdrawals.repository';

type RecentFunds = {
  deposits: CustomerContextRecord[];
  depositsTotal: number;
  withdrawals: CustomerContextRecord[];
  withdrawalsTotal: number;
};

/** A customer's latest deposits and withdrawals (newest first) and their totals, for the review drawers. */
export async function recentFundsOf(db: DbOrTx, userId: UserId, limit: number): Promise<RecentFunds> {
  const [deposited, withdrawn] = await Promise.all([
    deposits.listDepositsOfUser(db, { userId, limit, offset: 0 }),
    withdrawals.listWithdrawalsOfUser(db, { userId, limit, offset: 0 }),
  ]);
  return {
    deposits: deposited.rows.map(({ deposit }) => ({
      id: deposit.id,
      number: plainDecimal(deposit.number),
      currency: deposit.currencyCode,
      amount: deposit.amount === null ? '0' : moneyText(deposit.amount),
      status: depositStatusOf(deposit.status),
      created_at: deposit.createdAt.toISOString(),
    })),
    depositsTotal: deposited.total,
    withdrawals: withdrawn.rows.map((withdrawal) => ({
      id: withdrawal.id,
      number: moneyText(withdrawal.number),
      currency: withdrawal.code,
      amount: moneyText(withdrawal.receive),
      status: withdrawalStatusOf(withdrawal.status),
      created_at: withdrawal.createdAt.toISOString(),
    })),
    withdrawalsTotal: withdrawn.total,
  };
}
