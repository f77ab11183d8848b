import { type AnyColumn, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/migrate';
import { deposits, withdrawals } from '../../db/schema';

/** A count and a USDT sum (numeric text, never a float). */
type FundsFigure = { count: number; usdt: string };

type FundsFigures = {
  pendingDeposits: number;
  pendingWithdrawals: number;
  /** Deposits reported in the window, valued at the USD rate they were reported at. */
  depositsSubmitted: FundsFigure;
  /** Deposits approved in the window, by the USDT credited. */
  depositsCredited: FundsFigure;
  /** Withdrawals requested in the window, valued at their USD price. */
  withdrawalsRequested: FundsFigure;
  /** Withdrawals marked paid in the window. */
  withdrawalsPaid: FundsFigure;
};

type Row = {
  pending_deposits: number;
  pending_withdrawals: number;
  submitted_count: number;
  submitted_usdt: string;
  credited_count: number;
  credited_usdt: string;
  requested_count: number;
  requested_usdt: string;
  paid_count: number;
  paid_usdt: string;
};

/** The funds figures of the back office's dashboard for the window [from, to). */
export async function fundsFigures(db: DbOrTx, from: Date, to: Date): Promise<FundsFigures> {
  const fromText = from.toISOString();
  const toText = to.toISOString();
  const inWindow = (column: AnyColumn) =>
    sql`${column} >= ${fromText}::timestamptz and ${column} < ${toText}::timestamptz`;
  const result = await db.execute(sql`
    select
      (select count(*)::int from ${deposits} where ${deposits.status} = 'pending') as pending_deposits,
      (select count(*)::int from ${withdrawals} where ${withdrawals.status} = 'pending') as pending_withdrawals,
      (select count(*)::int from ${deposits} where ${inWindow(deposits.createdAt)}) as submitted_count,
      (select coalesce(sum(${deposits.number} * ${deposits.usdPerUnit}), 0)::text from ${deposits}
        where ${inWindow(deposits.createdAt)}) as submitted_usdt,
      (select count(*)::int from ${deposits}
        where ${deposits.status} = 'finished' and ${inWindow(deposits.reviewedAt)}) as credited_count,
      (select coalesce(sum(${deposits.amount}), 0)::text from ${deposits}
        where ${deposits.status} = 'finished' and ${inWindow(deposits.reviewedAt)}) as credited_usdt,
      (select count(*)::int from ${withdrawals} where ${inWindow(withdrawals.createdAt)}) as requested_count,
      (select coalesce(sum(${withdrawals.number} * ${withdrawals.usdPrice}), 0)::text from ${withdrawals}
        where ${inWindow(withdrawals.createdAt)}) as requested_usdt,
      (select count(*)::int from ${withdrawals}
        where ${withdrawals.status} = 'paid' and ${inWindow(withdrawals.reviewedAt)}) as paid_count,
      (select coalesce(sum(${withdrawals.number} * ${withdrawals.usdPrice}), 0)::text from ${withdrawals}
        where ${withdrawals.status} = 'paid' and ${inWindow(withdrawals.reviewedAt)}) as paid_usdt
  `);
  const row = rowsOf<Row>(result)[0];
  if (!row) throw new Error('the funds figures query answered no row');
  return {
    pendingDeposits: Number(row.pending_deposits),
    pendingWithdrawals: Number(row.pending_withdrawals),
    depositsSubmitted: { count: Number(row.submitted_count), usdt: row.submitted_usdt },
    depositsCredited: { count: Number(row.credited_count), usdt: row.credited_usdt },
    withdrawalsRequested: { count: Number(row.requested_count), usdt: row.requested_usdt },
    withdrawalsPaid: { count: Number(row.paid_count), usdt: row.paid_usdt },
  };
}
