import type { CustomerContext } from '@meridian/contract/customer-context-staff';
import type { UserId } from '@meridian/domain/ids';
import { staffMay } from '@meridian/domain/staff-roles';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { customerRecord } from '../auth/auth.public';
import { recentFundsOf } from '../funds/funds.public';
import { identityRecordOf } from '../kyc/kyc.public';
import { findAccountOfUser } from '../ledger/ledger.public';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';

/**
 * Who the reviewer is deciding about: identity state, balances and the latest
 * deposits and withdrawals, in one call for the deposit, withdrawal and identity drawers. Whoever
 * may review funds or identities may read it; every read is audited.
 */
export async function customerContext(
  context: ServerContext,
  staff: AuthenticatedStaff,
  userId: UserId,
): Promise<CustomerContext> {
  await requirePermission(
    context,
    staff,
    staffMay(staff.role, 'funds.review') ? 'funds.review' : 'kyc.review',
  );
  const customer = await customerRecord(context.db, userId);
  if (!customer) throw new Rejection('error.customer_unknown');
  const [identity, account, funds] = await Promise.all([
    identityRecordOf(context.db, userId),
    findAccountOfUser(context.db, userId),
    recentFundsOf(context.db, userId, SERVER_LIMITS.customerContextRecordsMax),
  ]);
  await recordAudit(context.db, actorOf(staff), {
    action: 'customer.context_read',
    target: `user:${userId}`,
    details: {},
    at: context.clock.now(),
  });
  return {
    customer: {
      id: customer.id,
      uid: customer.uid,
      email: customer.email ?? '',
      mobile: customer.mobile ? `${customer.globalCode ?? ''} ${customer.mobile}`.trim() : '',
      created_at: customer.createdAt.toISOString(),
    },
    identity_state: identity.state,
    balance: account?.balance ?? '',
    lock_balance: account?.lockBalance ?? '',
    deposits: funds.deposits,
    deposits_total: funds.depositsTotal,
    withdrawals: funds.withdrawals,
    withdrawals_total: funds.withdrawalsTotal,
  };
}
