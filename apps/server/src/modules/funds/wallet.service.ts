import { LIMITS } from '@meridian/contract/limits';
import type { BindDrawMethodRequest, DrawMethod, DrawMethodQuery } from '@meridian/contract/wallet';
import type { ServerContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { Rejection } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/auth.public';
import * as channels from './channels.repository';
import { requireRealAccount } from './deposits.service';
import { drawKindOf, drawTypeCodeOf } from './funds-codes';
import { displayTime } from './funds-views';
import { methodDetailsView } from './method-details-view';
import { isValidCoinAddress, normalizedBic, normalizedPayeeAccount } from './payout-details';
import * as repository from './wallet.repository';

function drawMethodView({ method, currency }: repository.MethodWithCurrency): DrawMethod {
  return {
    id: method.id,
    type: drawTypeCodeOf(method.type),
    ...methodDetailsView(method),
    draw_currency: { id: currency.id, code: currency.code, protocol: currency.protocol },
    created_at: displayTime(method.createdAt),
    created_time: method.createdAt.getTime(),
  };
}

type MethodFields = Pick<
  repository.DrawMethodRow,
  'dcAddress' | 'bankName' | 'bankAddress' | 'bankSwift' | 'payeeName' | 'payeeAccount'
>;

/** The fields of a method of one type, checked: an address valid on the network, a bank's details. */
function methodFields(input: BindDrawMethodRequest, currency: channels.DrawCurrencyRow): MethodFields {
  if (currency.type === 'coin') {
    const address = input.dc_address?.trim() ?? '';
    if (address === '') throw new Rejection('error.dc_address_required');
    if (!isValidCoinAddress(currency.protocol, address))
      throw new Rejection('validation.coin_address', { network: currency.protocol });
    return {
      dcAddress: address,
      bankName: '',
      bankAddress: '',
      bankSwift: '',
      payeeName: '',
      payeeAccount: '',
    };
  }
  const bankName = input.bank_name?.trim() ?? '';
  const payeeName = input.payee_name?.trim() ?? '';
  const account = input.payee_account?.trim() ?? '';
  if (bankName === '') throw new Rejection('error.bank_name_required');
  if (payeeName === '') throw new Rejection('error.payee_name_required');
  if (account === '') throw new Rejection('error.payee_account_required');
  const swiftInput = input.bank_swift?.trim() ?? '';
  const swift = swiftInput === '' ? '' : normalizedBic(swiftInput);
  if (swift === undefined) throw new Rejection('validation.bank_swift');
  const payeeAccount = normalizedPayeeAccount(account);
  if (payeeAccount === undefined) throw new Rejection('validation.iban');
  return {
    dcAddress: '',
    bankName,
    bankAddress: input.bank_address?.trim() ?? '',
    bankSwift: swift,
    payeeName,
    payeeAccount,
  };
}

/**
 * Binds a coin address or a bank account to a withdraw currency (spec: bind_draw_method). Real
 * accounts only; at most LIMITS.drawMethodsPerUserMax live methods, counted under the customer's
 * row lock; the same address or account twice for one currency is refused.
 */
export async function bindMethod(
  context: ServerContext,
  user: AuthenticatedUser,
  input: BindDrawMethodRequest,
): Promise<DrawMethod> {
  requireRealAccount(user);
  const currency = await channels.findDrawCurrency(context.db, input.draw_id);
  if (!currency?.enabled) throw new Rejection('error.draw_currency_unknown');
  if (drawKindOf(input.type) !== currency.type) throw new Rejection('error.draw_method_type');
  const fields = methodFields(input, currency);
  const now = context.clock.now();
  try {
    const method = await context.db.transaction(async (tx) => {
      await repository.lockCustomer(tx, user.id);
      if ((await repository.countLiveMethods(tx, user.id)) >= LIMITS.drawMethodsPerUserMax)
        throw new Rejection('error.draw_methods_max', { max: LIMITS.drawMethodsPerUserMax });
      return repository.insertMethod(tx, {
        ...fields,
        userId: user.id,
        drawCurrencyId: currency.id,
        type: currency.type,
        createdAt: now,
      });
    });
    return drawMethodView({ method, currency });
  } catch (error) {
    if (isUniqueViolation(error, 'draw_methods_live_unique'))
      throw new Rejection('error.draw_method_duplicate');
    throw error;
  }
}

/** The customer's own methods, newest first (spec: get_draw_method draw_type, draw_id). */
export async function listMethods(
  context: ServerContext,
  user: AuthenticatedUser,
  query: DrawMethodQuery,
): Promise<DrawMethod[]> {
  const rows = await repository.listLiveMethods(context.db, {
    userId: user.id,
    type: query.draw_type === undefined ? undefined : drawKindOf(query.draw_type),
    drawCurrencyId: query.draw_id,
  });
  return rows.map(drawMethodView);
}

/**
 * Deletes one of the customer's own methods (another's is "not found"). Refused while a withdrawal
 * to it waits for review; the row stays for the withdrawals that name it.
 */
export async function deleteMethod(
  context: ServerContext,
  user: AuthenticatedUser,
  id: number,
): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const found = await repository.lockOwnMethod(tx, user.id, id);
    if (!found) throw new Rejection('error.draw_method_unknown');
    if (await repository.methodHasOpenWithdrawal(tx, id)) throw new Rejection('error.draw_method_in_use');
    await repository.deleteMethod(tx, id, now);
  });
}
