import type { DrawRequest, WithdrawListQuery, WithdrawPage, WithdrawRecord } from '@meridian/contract/funds';
import type { Language } from '@meridian/contract/languages';
import { LIMITS } from '@meridian/contract/limits';
import { checkFundsAmount } from '@meridian/domain/funds-amount';
import { approvalsNeeded } from '@meridian/domain/funds-states';
import { toDecimal } from '@meridian/domain/money';
import { withdrawFeeTypeOf, withdrawFigures } from '@meridian/domain/withdraw-figures';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { type AuthenticatedUser, checkAccountPassword } from '../auth/auth.public';
import { isVerified } from '../kyc/kyc.public';
import { findAccountIdOfUser, lockAccountForUpdate, postToLedger } from '../ledger/ledger.public';
import { getSetting } from '../settings/settings.public';
import * as channels from './channels.repository';
import { requireRealAccount } from './deposits.service';
import { drawKindOf } from './funds-codes';
import { withdrawRecordView } from './funds-views';
import { lockOwnMethod } from './wallet.repository';
import * as repository from './withdrawals.repository';

/** The figures of a withdrawal of `input` in a currency, or the refusal that names what to fix. */
function figuresOf(currency: channels.DrawCurrencyRow, input: string) {
  const checked = checkFundsAmount(input, {
    decimalsMax: LIMITS.withdrawDecimalPlacesMax,
    min: currency.minNumber,
    max: currency.maxNumber,
  });
  if (!checked.ok) throw new Rejection(checked.reason, checked.params);
  const figures = withdrawFigures(checked.value, {
    feeType: withdrawFeeTypeOf(currency.feeType),
    drawRate: currency.drawRate,
    usdPrice: currency.usdPrice,
  });
  if (!toDecimal(figures.receive).gt(0)) throw new Rejection('error.withdraw_fee_exceeds');
  return { number: checked.value, ...figures };
}

/**
 * A withdrawal request (spec: draw). Only a real account whose identity is verified; the login
 * password (wrong ones counted like failed logins); one of the customer's own methods, of this
 * currency; a number within the currency's bounds and the available balance. In one transaction
 * under the account's lock: the record, and the number moved from the balance to the lock (a pair
 * of `withdraw_lock` entries summing to zero), so twenty requests at once lock at most the balance.
 */
export async function requestWithdrawal(
  context: ServerContext,
  user: AuthenticatedUser,
  input: DrawRequest,
  language: Language,
): Promise<WithdrawRecord> {
  requireRealAccount(user);
  if (!(await isVerified(context.db, user.id))) throw new Rejection('error.identity_not_verified');
  const currency = await channels.findDrawCurrency(context.db, input.draw_currency_id);
  if (!currency?.enabled) throw new Rejection('error.draw_currency_unknown');
  const figures = figuresOf(currency, input.number);
  await checkAccountPassword(context, user, input.password);
  const accountId = await findAccountIdOfUser(context.db, user.id);
  if (accountId === undefined) throw new Error(`real user ${user.id} has no trading account`);
  const threshold = await getSetting(context.db, 'withdraw_four_eyes_usd');
  const now = context.clock.now();

  const done = await context.db.transaction(async (tx) => {
    const found = await lockOwnMethod(tx, user.id, input.draw_method_id);
    if (!found) throw new Rejection('error.draw_method_unknown');
    if (found.method.drawCurrencyId !== currency.id) throw new Rejection('error.draw_method_currency');
    const account = await lockAccountForUpdate(tx, accountId);
    if (toDecimal(account.balance).lt(figures.number))
      throw new Rejection('error.withdraw_insufficient_balance', {
        balance: toDecimal(account.balance).toFixed(2),
      });
    if ((await repository.countOpenWithdrawals(tx, user.id)) >= SERVER_LIMITS.pendingWithdrawalsPerUserMax)
      throw new Rejection('error.withdrawals_pending_max', {
        max: SERVER_LIMITS.pendingWithdrawalsPerUserMax,
      });
    const row = await repository.insertWithdrawal(tx, {
      userId: user.id,
      accountId,
      drawCurrencyId: currency.id,
      drawMethodId: found.method.id,
      type: currency.type,
      code: currency.code,
      protocol: currency.protocol,
      number: figures.number,
      fee: figures.fee,
      receive: figures.receive,
      usdPrice: currency.usdPrice,
      address: found.method.dcAddress,
      bankName: found.method.bankName,
      payeeAccount: found.method.payeeAccount,
      memo: input.memo ?? '',
      status: 'pending',
      approvalsNeeded: approvalsNeeded(figures.number, threshold),
      createdAt: now,
    });
    const reference = `withdrawal:${row.id}`;
    const posted = await postToLedger(
      tx,
      {
        accountId,
        entries: [
          {
            bucket: 'balance',
            amount: `-${figures.number}`,
            kind: 'withdraw_lock',
            memoKey: 'ledger.withdraw_lock',
            reference,
          },
          {
            bucket: 'lock',
            amount: figures.number,
            kind: 'withdraw_lock',
            memoKey: 'ledger.withdraw_lock',
            reference,
          },
        ],
        at: now,
      },
      { locked: account },
    );
    return { row, balance: posted.balance };
  });
  context.events.emit('account.balance_changed', { accountId, userId: user.id, balance: done.balance });
  return withdrawRecordView(done.row, language);
}

/** The customer's withdrawals, newest first (spec: draw_list type, page). */
export async function listWithdrawals(
  context: ServerContext,
  user: AuthenticatedUser,
  query: WithdrawListQuery,
  language: Language,
): Promise<WithdrawPage> {
  const { rows, total } = await repository.listWithdrawalsOfUser(context.db, {
    userId: user.id,
    type: query.type === undefined ? undefined : drawKindOf(query.type),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    list: rows.map((row) => withdrawRecordView(row, language)),
    total,
    page: query.page,
    limit: query.limit,
  };
}
