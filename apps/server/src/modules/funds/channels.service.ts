import type { BankCurrency, CoinChannel, DrawCurrency, WireInfo } from '@meridian/contract/funds';
import type { StaffCoinChannel } from '@meridian/contract/funds-staff';
import { plainDecimal, toDecimal } from '@meridian/domain/money';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
import * as repository from './channels.repository';
import {
  BANK_CURRENCIES,
  COIN_CHANNELS,
  DRAW_CURRENCIES,
  placeholderAddress,
  placeholderWireAccount,
} from './funds-catalogue';
import { drawKindOf, drawTypeCodeOf } from './funds-codes';

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

function coinChannelView(
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

function drawCurrencyView(row: repository.DrawCurrencyRow): DrawCurrency {
  return {
    id: row.id,
    type: drawTypeCodeOf(row.type),
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
  const kind = type === undefined ? undefined : drawKindOf(type);
  return (await repository.listDrawCurrencies(context.db, kind)).map(drawCurrencyView);
}

// --- The back office -------------------------------------------------------------------------

export function staffCoinChannelView(
  context: ServerContext,
  row: repository.DepositChannelRow,
): StaffCoinChannel {
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
