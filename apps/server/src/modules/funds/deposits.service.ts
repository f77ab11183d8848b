import type {
  CoinDepositRequest,
  DepositListQuery,
  DepositPage,
  DepositRecord,
  WireDepositRequest,
} from '@meridian/contract/funds';
import type { Language } from '@meridian/contract/languages';
import { checkFundsAmount } from '@meridian/domain/funds-amount';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import type { AuthenticatedUser } from '../auth/auth.public';
import { findAccountIdOfUser, lockAccountForUpdate } from '../ledger/ledger.public';
import { claimOwnUpload, imageUrl } from '../uploads/uploads.public';
import * as channels from './channels.repository';
import { usdPerUnitOf } from './channels.service';
import * as repository from './deposits.repository';
import { depositKindOf } from './funds-codes';
import { depositRecordView } from './funds-views';

/** Spec section 6: charging is for real accounts only. */
export function requireRealAccount(user: AuthenticatedUser): void {
  if (user.isDemo) throw new Rejection('error.real_account_only');
}

function checkedNumber(
  input: string,
  limits: { decimals: number; minNumber: string; maxNumber: string },
): string {
  const checked = checkFundsAmount(input, {
    decimalsMax: limits.decimals,
    min: limits.minNumber,
    max: limits.maxNumber,
  });
  if (!checked.ok) throw new Rejection(checked.reason, checked.params);
  return checked.value;
}

type NewDeposit = Omit<
  Parameters<typeof repository.insertDeposit>[1],
  'userId' | 'accountId' | 'proofUploadId' | 'status' | 'createdAt'
>;

/**
 * Records a deposit the customer reports, waiting for review. The proof must be the customer's own
 * `proof` upload, or their `unassigned` one, which this claims as a proof in the same transaction
 * (anything else is the same refusal). The account's lock is taken while the waiting deposits are
 * counted, so two reports at once cannot pass the limit together; a refused report claims nothing.
 */
async function recordDeposit(
  context: ServerContext,
  user: AuthenticatedUser,
  input: { proofImg: string; deposit: NewDeposit },
  language: Language,
): Promise<DepositRecord> {
  const accountId = await findAccountIdOfUser(context.db, user.id);
  if (accountId === undefined) throw new Error(`real user ${user.id} has no trading account`);
  const now = context.clock.now();
  const { row, proof } = await context.db.transaction(async (tx) => {
    const proof = await claimOwnUpload(tx, user.id, input.proofImg, 'proof');
    await lockAccountForUpdate(tx, accountId);
    if ((await repository.countPendingDeposits(tx, user.id)) >= SERVER_LIMITS.pendingDepositsPerUserMax)
      throw new Rejection('error.deposits_pending_max', { max: SERVER_LIMITS.pendingDepositsPerUserMax });
    const row = await repository.insertDeposit(tx, {
      ...input.deposit,
      userId: user.id,
      accountId,
      proofUploadId: proof.id,
      status: 'pending',
      createdAt: now,
    });
    return { row, proof };
  });
  const signed = await imageUrl(context, proof, { kind: 'owner', userId: user.id });
  return depositRecordView(row, signed.url, language);
}

/** A coin deposit (spec: number, proofImg, address, charge_id). */
export async function submitCoinDeposit(
  context: ServerContext,
  user: AuthenticatedUser,
  input: CoinDepositRequest,
  language: Language,
): Promise<DepositRecord> {
  requireRealAccount(user);
  const channel = await channels.findDepositChannel(context.db, input.charge_id);
  if (!channel?.enabled) throw new Rejection('error.channel_unknown');
  // An address the customer was shown that is no longer the channel's: a person must look first.
  if (input.address && input.address !== channel.address)
    throw new Rejection('error.deposit_address_changed');
  const number = checkedNumber(input.number, channel);
  return recordDeposit(
    context,
    user,
    {
      proofImg: input.proofImg,
      deposit: {
        type: 'coin',
        channelId: channel.id,
        currencyCode: channel.currencyCode,
        protocolCode: channel.protocolCode,
        address: channel.address,
        bankName: '',
        number,
        usdPerUnit: usdPerUnitOf(context, channel),
      },
    },
    language,
  );
}

/** A bank wire deposit (spec: number, proofImg, wire_id). */
export async function submitWireDeposit(
  context: ServerContext,
  user: AuthenticatedUser,
  input: WireDepositRequest,
  language: Language,
): Promise<DepositRecord> {
  requireRealAccount(user);
  const found = await channels.findWireAccount(context.db, input.wire_id);
  if (!found?.account.enabled || !found.currency.enabled) throw new Rejection('error.wire_account_unknown');
  const { account, currency } = found;
  const number = checkedNumber(input.number, currency);
  return recordDeposit(
    context,
    user,
    {
      proofImg: input.proofImg,
      deposit: {
        type: 'bank',
        wireAccountId: account.id,
        currencyCode: currency.code,
        protocolCode: '',
        address: account.payeeAccount,
        bankName: account.bankName,
        number,
        usdPerUnit: usdPerUnitOf(context, currency),
      },
    },
    language,
  );
}

/** The customer's deposits, newest first (spec: quick_ist type, page). */
export async function listDeposits(
  context: ServerContext,
  user: AuthenticatedUser,
  query: DepositListQuery,
  language: Language,
): Promise<DepositPage> {
  const { rows, total } = await repository.listDepositsOfUser(context.db, {
    userId: user.id,
    type: query.type === undefined ? undefined : depositKindOf(query.type),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const list = await Promise.all(
    rows.map(async ({ deposit, proofName }) => {
      const signed = await imageUrl(
        context,
        { name: proofName, ownerUserId: deposit.userId },
        { kind: 'owner', userId: user.id },
      );
      return depositRecordView(deposit, signed.url, language);
    }),
  );
  return { list, total, page: query.page, limit: query.limit };
}
