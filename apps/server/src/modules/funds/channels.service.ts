import type { BankCurrency, CoinChannel, DrawCurrency, WireInfo } from '@meridian/contract/funds';
import type {
  StaffCoinChannel,
  StaffWireAccount,
  UpdateCoinChannelRequest,
  UpdateWireAccountRequest,
} from '@meridian/contract/funds-staff';
import { plainDecimal, toDecimal } from '@meridian/domain/money';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
import * as repository from './channels.repository';
import {
  BANK_CURRENCIES,
  COIN_CHANNELS,
  DRAW_CURRENCIES,
  placeholderAddress,
  placeholderWireAccount,
} from './funds-catalogue';
import { isValidCoinAddress, normalizedBic, normalizedPayeeAccount } from './payout-details';

/** Adds the funds reference data a fresh installation needs; never overwrites what staff changed. */
export async function seedFunds(db: DbOrTx): Promise<void> {
  await repository.insertMissingDepositChannels(
    db,
    COIN_CHANNELS.map((seed) => ({
      ...seed,
      address: placeholderAddress(seed.currencyCode, seed.protocolCode),
      addressPlaceholder: true,
    })),
  );
  await repository.insertMissingBankCurrencies(
    db,
    BANK_CURRENCIES.map(({ branchName: _branch, ...seed }) => ({ ...seed, decimals: 2 })),
  );
  const bare = await repository.bankCurrenciesWithoutWireAccount(db);
  await repository.insertWireAccounts(
    db,
    bare.flatMap((currency) => {
      const seed = BANK_CURRENCIES.find((one) => one.code === currency.code);
      return seed
        ? [{ bankCurrencyId: currency.id, ...placeholderWireAccount(seed), placeholder: true }]
        : [];
    }),
  );
  await repository.insertMissingDrawCurrencies(db, [...DRAW_CURRENCIES]);
}

/**
 * The USD value of one unit of a deposit currency: the live mid price of its market instrument
 * when it has one (BTC from BTCUSDT), else the value staff keep on the channel.
 */
export function usdPerUnitOf(
  context: Pick<ServerContext, 'market'>,
  row: { usdPerUnit: string; priceCode: string | null },
): string {
  const live = row.priceCode ? context.market.midByCode(row.priceCode) : undefined;
  return plainDecimal(live !== undefined && toDecimal(live).gt(0) ? live : row.usdPerUnit);
}

export function coinChannelView(
  context: Pick<ServerContext, 'market'>,
  row: repository.DepositChannelRow,
): CoinChannel {
  return {
    id: row.id,
    currency_code: row.currencyCode,
    protocol_code: row.protocolCode,
    address: row.address,
    address_placeholder: row.addressPlaceholder ? 1 : 0,
    min: plainDecimal(row.minNumber),
    max: plainDecimal(row.maxNumber),
    decimals: row.decimals,
    usd_per_unit: usdPerUnitOf(context, row),
  };
}

export async function coinChannels(context: ServerContext): Promise<CoinChannel[]> {
  const rows = await repository.listDepositChannels(context.db, { enabledOnly: true });
  return rows.map((row) => coinChannelView(context, row));
}

export async function bankCurrencies(context: ServerContext): Promise<BankCurrency[]> {
  const rows = await repository.listBankCurrencies(context.db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    min: plainDecimal(row.minNumber),
    max: plainDecimal(row.maxNumber),
    decimals: row.decimals,
    usd_per_unit: usdPerUnitOf(context, row),
  }));
}

export function wireInfoView(row: {
  account: repository.WireAccountRow;
  currency: repository.BankCurrencyRow;
}): WireInfo {
  const { account, currency } = row;
  return {
    id: account.id,
    bank_coin: currency.id,
    currency_code: currency.code,
    bank_name: account.bankName,
    bank_address: account.bankAddress,
    bank_swift: account.bankSwift,
    payee_name: account.payeeName,
    payee_account: account.payeeAccount,
    bank_remark: account.bankRemark,
    branch_name: account.branchName,
    placeholder: account.placeholder ? 1 : 0,
  };
}

export async function wireInfo(context: ServerContext, bankCurrencyId: number): Promise<WireInfo[]> {
  const rows = await repository.listWireAccounts(context.db, { bankCurrencyId, enabledOnly: true });
  return rows.map(wireInfoView);
}

export function drawCurrencyView(row: repository.DrawCurrencyRow): DrawCurrency {
  return {
    id: row.id,
    type: row.type === 'coin' ? 1 : 2,
    code: row.code,
    protocol: row.protocol,
    draw_rate: plainDecimal(row.drawRate),
    fee_type: row.feeType,
    usd_price: plainDecimal(row.usdPrice),
    min: plainDecimal(row.minNumber),
    max: plainDecimal(row.maxNumber),
  };
}

export async function drawSymbols(context: ServerContext, type: 1 | 2 | undefined): Promise<DrawCurrency[]> {
  const kind = type === undefined ? undefined : type === 1 ? 'coin' : 'bank';
  return (await repository.listDrawCurrencies(context.db, kind)).map(drawCurrencyView);
}

// --- The back office -------------------------------------------------------------------------

function staffCoinChannelView(context: ServerContext, row: repository.DepositChannelRow): StaffCoinChannel {
  return {
    ...coinChannelView(context, row),
    usd_per_unit: plainDecimal(row.usdPerUnit),
    enabled: row.enabled ? 1 : 0,
  };
}

export async function staffChannels(context: ServerContext, staff: AuthenticatedStaff) {
  await requirePermission(context, staff, 'funds.review');
  const coin = await repository.listDepositChannels(context.db, { enabledOnly: false });
  const wire = await repository.listWireAccounts(context.db, { enabledOnly: false });
  await recordAudit(context.db, actorOf(staff), {
    action: 'funds.channels_read',
    target: null,
    at: context.clock.now(),
  });
  return {
    coin: coin.map((row) => staffCoinChannelView(context, row)),
    wire: wire.map((row) => ({
      ...wireInfoView(row),
      enabled: row.account.enabled ? (1 as const) : (0 as const),
    })),
  };
}

/**
 * Staff change a coin channel: its receiving address (valid on the channel's network; setting one
 * clears the placeholder mark), bounds, fallback USD value, or whether customers see it. Audited in
 * the same transaction, with the values before and after.
 */
export async function updateCoinChannel(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: UpdateCoinChannelRequest,
): Promise<StaffCoinChannel> {
  await requirePermission(context, staff, 'funds.review');
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await repository.findDepositChannel(tx, input.id);
    if (!before) throw new Rejection('error.channel_unknown');
    const values: Parameters<typeof repository.updateDepositChannel>[2] = { updatedAt: now };
    if (input.address !== undefined) {
      if (!isValidCoinAddress(before.protocolCode, input.address))
        throw new Rejection('validation.coin_address', { network: before.protocolCode });
      values.address = input.address;
      values.addressPlaceholder = false;
    }
    if (input.min !== undefined) values.minNumber = nonNegative(input.min);
    if (input.max !== undefined) values.maxNumber = nonNegative(input.max);
    if (input.usd_per_unit !== undefined) {
      if (!toDecimal(input.usd_per_unit).gt(0)) throw new Rejection('validation.amount_positive');
      values.usdPerUnit = input.usd_per_unit;
    }
    if (input.enabled !== undefined) values.enabled = input.enabled;
    const after = await repository.updateDepositChannel(tx, input.id, values);
    if (!after) throw new Error(`deposit channel ${input.id} vanished under its update`);
    if (toDecimal(after.maxNumber).gt(0) && toDecimal(after.maxNumber).lt(after.minNumber))
      throw new Rejection('error.channel_bounds');
    await recordAudit(tx, actorOf(staff), {
      action: 'funds.channel_update',
      target: `deposit_channel:${after.id}`,
      details: {
        before: {
          address: before.address,
          min: before.minNumber,
          max: before.maxNumber,
          usd_per_unit: before.usdPerUnit,
          enabled: before.enabled,
        },
        after: {
          address: after.address,
          min: after.minNumber,
          max: after.maxNumber,
          usd_per_unit: after.usdPerUnit,
          enabled: after.enabled,
        },
      },
      at: now,
    });
    return staffCoinChannelView(context, after);
  });
}

function nonNegative(text: string): string {
  const value = toDecimal(text);
  if (value.isNegative()) throw new Rejection('validation.amount_not_negative');
  if (value.decimalPlaces() > 8) throw new Rejection('validation.amount_decimals', { places: '8' });
  return value.toFixed();
}

function staffWireAccountView(row: {
  account: repository.WireAccountRow;
  currency: repository.BankCurrencyRow;
}): StaffWireAccount {
  return { ...wireInfoView(row), enabled: row.account.enabled ? 1 : 0 };
}

/** The details of a wire account as staff give them, checked: a BIC, an IBAN, required names not emptied. */
function wireValues(input: UpdateWireAccountRequest): Parameters<typeof repository.updateWireAccount>[2] {
  const values: Parameters<typeof repository.updateWireAccount>[2] = {};
  if (input.bank_name !== undefined) {
    if (input.bank_name === '') throw new Rejection('error.bank_name_required');
    values.bankName = input.bank_name;
  }
  if (input.payee_name !== undefined) {
    if (input.payee_name === '') throw new Rejection('error.payee_name_required');
    values.payeeName = input.payee_name;
  }
  if (input.payee_account !== undefined) {
    if (input.payee_account === '') throw new Rejection('error.payee_account_required');
    const account = normalizedPayeeAccount(input.payee_account);
    if (account === undefined) throw new Rejection('validation.iban');
    values.payeeAccount = account;
  }
  if (input.bank_swift !== undefined) {
    const bic = input.bank_swift === '' ? '' : normalizedBic(input.bank_swift);
    if (bic === undefined) throw new Rejection('validation.bank_swift');
    values.bankSwift = bic;
  }
  if (input.bank_address !== undefined) values.bankAddress = input.bank_address;
  if (input.bank_remark !== undefined) values.bankRemark = input.bank_remark;
  if (input.branch_name !== undefined) values.branchName = input.branch_name;
  if (input.enabled !== undefined) values.enabled = input.enabled;
  // Real bank details replace the placeholder's: the mark goes with them.
  if (input.bank_name !== undefined || input.payee_account !== undefined) values.placeholder = false;
  return values;
}

/** Staff change a wire account (the placeholders of a fresh installation first); audited with before and after. */
export async function updateWireAccount(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: UpdateWireAccountRequest,
): Promise<StaffWireAccount> {
  await requirePermission(context, staff, 'funds.review');
  const values = wireValues(input);
  return context.db.transaction(async (tx) => {
    const before = await repository.findWireAccount(tx, input.id);
    if (!before) throw new Rejection('error.wire_account_unknown');
    const after =
      Object.keys(values).length > 0
        ? await repository.updateWireAccount(tx, input.id, values)
        : before.account;
    if (!after) throw new Error(`wire account ${input.id} vanished under its update`);
    await recordAudit(tx, actorOf(staff), {
      action: 'funds.wire_account_update',
      target: `wire_account:${after.id}`,
      details: { before: { ...before.account }, after: { ...after } },
      at: context.clock.now(),
    });
    return staffWireAccountView({ account: after, currency: before.currency });
  });
}
