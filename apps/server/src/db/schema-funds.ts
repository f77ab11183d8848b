import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, decimal } from './columns';
import { accountReference, userReference } from './schema-core';
import { staffAccounts } from './schema-staff';
import { uploads } from './schema-uploads';

/**
 * The terms of a currency customers deposit in, the same for a coin channel and a bank currency:
 * the bounds of one deposit (a maximum of 0: none), its decimals, its USD value (`price_code`'s live
 * mid price, else `usd_per_unit`), and whether and where customers see it.
 */
function depositCurrencyTerms() {
  return {
    minNumber: decimal('min_number').notNull(),
    maxNumber: decimal('max_number').notNull(),
    decimals: integer('decimals').notNull(),
    usdPerUnit: decimal('usd_per_unit').notNull(),
    priceCode: text('price_code'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  };
}

/** The checks of those terms, named after the table. */
function depositCurrencyChecks(
  name: string,
  table: { minNumber: AnyPgColumn; maxNumber: AnyPgColumn; decimals: AnyPgColumn; usdPerUnit: AnyPgColumn },
) {
  return [
    check(`${name}_bounds`, sql`${table.minNumber} >= 0 and ${table.maxNumber} >= 0`),
    check(`${name}_decimals`, sql`${table.decimals} between 0 and 8`),
    check(`${name}_price`, sql`${table.usdPerUnit} > 0`),
  ];
}

/**
 * Coin deposit channels (spec "Deposit coin channel"): the platform's receiving address for one
 * currency on one network. A fresh installation's addresses are placeholders (`address_placeholder`)
 * until staff set the real ones. `price_code` names the market instrument whose live mid price is
 * the currency's USD value (BTCUSDT); without one, or without a live price, `usd_per_unit` is.
 */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    currencyCode: text('currency_code').notNull(),
    protocolCode: text('protocol_code').notNull(),
    address: text('address').notNull(),
    addressPlaceholder: boolean('address_placeholder').notNull().default(true),
    ...depositCurrencyTerms(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposit_channels_currency_protocol_unique').on(table.currencyCode, table.protocolCode),
    ...depositCurrencyChecks('deposit_channels', table),
  ],
);

/** Currencies a bank wire may be sent in (spec "Bank currency"). */
export const bankCurrencies = pgTable(
  'bank_currencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    ...depositCurrencyTerms(),
  },
  (table) => [...depositCurrencyChecks('bank_currencies', table)],
);

/** The platform's wire accounts (spec "Wire info"), each for one bank currency. */
export const wireAccounts = pgTable(
  'wire_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bankCurrencyId: integer('bank_currency_id')
      .notNull()
      .references(() => bankCurrencies.id),
    bankName: text('bank_name').notNull(),
    bankAddress: text('bank_address').notNull(),
    bankSwift: text('bank_swift').notNull(),
    payeeName: text('payee_name').notNull(),
    payeeAccount: text('payee_account').notNull(),
    bankRemark: text('bank_remark').notNull().default(''),
    /** The Japanese branch name (spec: "Japanese adds branch name"); empty elsewhere. */
    branchName: text('branch_name').notNull().default(''),
    placeholder: boolean('placeholder').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('wire_accounts_currency_idx').on(table.bankCurrencyId)],
);

/**
 * Deposits a customer reported, with their proof. Approval credits the ledger (`deposit`, reference
 * `deposit:<id>`) in the same transaction as the status change, which is made only from `pending`
 * (`update ... where status = 'pending'`), so a deposit is credited at most once.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id'),
    accountId: accountReference('account_id'),
    type: text('type').$type<'coin' | 'bank'>().notNull(),
    channelId: integer('channel_id').references(() => depositChannels.id),
    wireAccountId: integer('wire_account_id').references(() => wireAccounts.id),
    currencyCode: text('currency_code').notNull(),
    /** The network of a coin deposit; empty for a wire. */
    protocolCode: text('protocol_code').notNull(),
    /** The receiving address of a coin deposit, or the wire account's payee account. */
    address: text('address').notNull(),
    bankName: text('bank_name').notNull(),
    number: decimal('number').notNull(),
    /** The currency's USD value per unit when it was submitted. */
    usdPerUnit: decimal('usd_per_unit').notNull(),
    proofUploadId: integer('proof_upload_id')
      .notNull()
      .references(() => uploads.id),
    status: text('status').$type<'pending' | 'finished' | 'rejected' | 'invalid'>().notNull(),
    remark: text('remark').notNull().default(''),
    /** USDT credited; set when finished. */
    amount: decimal('amount'),
    amountReason: text('amount_reason').notNull().default(''),
    reviewedByStaffId: integer('reviewed_by_staff_id').references(() => staffAccounts.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('deposits_user_idx').on(table.userId, table.id),
    index('deposits_status_idx').on(table.status, table.id),
    check('deposits_status', sql`${table.status} in ('pending', 'finished', 'rejected', 'invalid')`),
    check('deposits_type', sql`${table.type} in ('coin', 'bank')`),
    check(
      'deposits_channel_of_type',
      sql`(${table.type} = 'coin' and ${table.channelId} is not null and ${table.wireAccountId} is null) or (${table.type} = 'bank' and ${table.wireAccountId} is not null and ${table.channelId} is null)`,
    ),
    check('deposits_number_positive', sql`${table.number} > 0`),
    check(
      'deposits_amount_when_finished',
      sql`(${table.status} = 'finished') = (${table.amount} is not null) and (${table.amount} is null or ${table.amount} > 0)`,
    ),
    check('deposits_rejected_remark', sql`${table.status} <> 'rejected' or ${table.remark} <> ''`),
  ],
);

/** Currencies a customer may withdraw in (spec "Withdraw currency"), to a coin address or a bank account. */
export const drawCurrencies = pgTable(
  'draw_currencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').$type<'coin' | 'bank'>().notNull(),
    code: text('code').notNull(),
    /** The network of a coin currency (TRC20, ERC20, BTC); empty for a bank currency. */
    protocol: text('protocol').notNull(),
    /** A rate of the number, or with fee_type 1 a fixed fee in USDT. */
    drawRate: decimal('draw_rate').notNull(),
    feeType: integer('fee_type').notNull(),
    /** Units of the currency paid per USDT. */
    usdPrice: decimal('usd_price').notNull(),
    minNumber: decimal('min_number').notNull(),
    maxNumber: decimal('max_number').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('draw_currencies_unique').on(table.type, table.code, table.protocol),
    check('draw_currencies_type', sql`${table.type} in ('coin', 'bank')`),
    check('draw_currencies_rate', sql`${table.drawRate} >= 0`),
    check('draw_currencies_price', sql`${table.usdPrice} > 0`),
    check('draw_currencies_bounds', sql`${table.minNumber} >= 0 and ${table.maxNumber} >= 0`),
  ],
);

/**
 * The customers' withdraw methods (spec "Withdraw method"): a coin address or a bank account, for
 * one withdraw currency. Fields of the other type are empty. A deleted method keeps its row
 * (`deleted_at`), since withdrawals name it.
 */
export const drawMethods = pgTable(
  'draw_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id'),
    drawCurrencyId: integer('draw_currency_id')
      .notNull()
      .references(() => drawCurrencies.id),
    type: text('type').$type<'coin' | 'bank'>().notNull(),
    dcAddress: text('dc_address').notNull(),
    bankName: text('bank_name').notNull(),
    bankAddress: text('bank_address').notNull(),
    bankSwift: text('bank_swift').notNull(),
    payeeName: text('payee_name').notNull(),
    payeeAccount: text('payee_account').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    index('draw_methods_user_idx').on(table.userId, table.id),
    // The same address or account bound twice for one currency is one method.
    uniqueIndex('draw_methods_live_unique')
      .on(table.userId, table.drawCurrencyId, table.dcAddress, table.payeeAccount)
      .where(sql`${table.deletedAt} is null`),
    check('draw_methods_type', sql`${table.type} in ('coin', 'bank')`),
    check(
      'draw_methods_fields_of_type',
      sql`(${table.type} = 'coin' and ${table.dcAddress} <> '') or (${table.type} = 'bank' and ${table.payeeAccount} <> '' and ${table.bankName} <> '' and ${table.payeeName} <> '')`,
    ),
  ],
);

/**
 * Withdrawals. At request the number moves from the balance to the lock (ledger `withdraw_lock`,
 * reference `withdrawal:<id>`); payment takes it out of the lock (`withdraw_paid`), rejection returns
 * it (`withdraw_unlock`), each in the same transaction as the status change, made only from the
 * state read under the row's lock. The figures and the method's details are kept as they were at
 * request, so a later edit of the currency or a deleted method changes nothing.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id'),
    accountId: accountReference('account_id'),
    drawCurrencyId: integer('draw_currency_id')
      .notNull()
      .references(() => drawCurrencies.id),
    drawMethodId: integer('draw_method_id')
      .notNull()
      .references(() => drawMethods.id),
    type: text('type').$type<'coin' | 'bank'>().notNull(),
    code: text('code').notNull(),
    protocol: text('protocol').notNull(),
    number: decimal('number').notNull(),
    fee: decimal('fee').notNull(),
    /** What the customer receives, in the currency (real_number). */
    receive: decimal('receive').notNull(),
    usdPrice: decimal('usd_price').notNull(),
    address: text('address').notNull(),
    bankName: text('bank_name').notNull(),
    payeeAccount: text('payee_account').notNull(),
    memo: text('memo').notNull().default(''),
    status: text('status').$type<'pending' | 'approved' | 'paid' | 'rejected'>().notNull(),
    /** 2 above the four-eyes threshold when requested, else 1. */
    approvalsNeeded: integer('approvals_needed').notNull(),
    notes: text('notes').notNull().default(''),
    payoutReference: text('payout_reference').notNull().default(''),
    reviewedByStaffId: integer('reviewed_by_staff_id').references(() => staffAccounts.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('withdrawals_user_idx').on(table.userId, table.id),
    index('withdrawals_status_idx').on(table.status, table.id),
    index('withdrawals_method_idx').on(table.drawMethodId),
    check('withdrawals_status', sql`${table.status} in ('pending', 'approved', 'paid', 'rejected')`),
    check('withdrawals_type', sql`${table.type} in ('coin', 'bank')`),
    check('withdrawals_number_positive', sql`${table.number} > 0`),
    check('withdrawals_figures', sql`${table.fee} >= 0 and ${table.receive} >= 0 and ${table.usdPrice} > 0`),
    check('withdrawals_approvals_needed', sql`${table.approvalsNeeded} in (1, 2)`),
    check('withdrawals_paid_reference', sql`${table.status} <> 'paid' or ${table.payoutReference} <> ''`),
    check('withdrawals_rejected_notes', sql`${table.status} <> 'rejected' or ${table.notes} <> ''`),
  ],
);

/** Staff approvals of withdrawals (four-eyes): one per person and withdrawal. */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('withdrawal_approvals_unique').on(table.withdrawalId, table.staffId)],
);

/**
 * Staff approvals of deposits under four-eyes: a credit outside the tolerance of the
 * suggested amount, or above `withdraw_four_eyes_usd`, needs two different people. The first
 * approval is a row here with the amount it approved (the deposit stays `pending`); the second,
 * of the same amount by another person, credits it. One per person and deposit.
 */
export const depositApprovals = pgTable(
  'deposit_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    depositId: integer('deposit_id')
      .notNull()
      .references(() => deposits.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** USDT this approval would credit. */
    amount: decimal('amount').notNull(),
    /** Why it differs from the suggested credit; empty otherwise. */
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposit_approvals_unique').on(table.depositId, table.staffId),
    check('deposit_approvals_amount_positive', sql`${table.amount} > 0`),
  ],
);
