import { z } from 'zod';
import { bankDetailTexts } from './bank-details';
import { cacheBuster, positiveId, requiredText, serverText, text, textOrNumber, wholeNumber } from './fields';
import { LIMITS } from './limits';
import { pageOf, pagingFields } from './paging';
import { numberTextIssue } from './trading';
import { uploadReference } from './upload';

/**
 * Funds: deposits and withdrawals (spec sections 3, 4, 5, 7 and 9). The wallet's calls
 * (bound coin addresses and bank accounts) are in wallet.ts; the back office's in funds-staff.ts.
 * Every call takes its fields as query, form or JSON, and answers `{code, msg, data}`; the spec
 * writes the deposit calls as GET, and POST takes the same fields.
 *
 * Deposits (a customer pays in outside the app, then reports it with a proof):
 * - GET /api/quickCharge/info                      -> CoinChannel[]   coin channels (USDT TRC20, USDT ERC20, BTC, ETH)
 * - GET /api/quickCharge/symbols                   -> BankCurrency[]  currencies a bank wire may be sent in
 * - GET /api/quickCharge/wire_info?bank_coin=<id>  -> WireInfo[]      the wire accounts of one bank currency
 * - GET|POST /api/quickCharge/submit  {number, proofImg, address?, charge_id} -> DepositRecord (coin)
 * - GET|POST /api/quickCharge/wire_submit {number, proofImg, wire_id}         -> DepositRecord (bank)
 * - GET /api/quickCharge/quick_ist?type&page&limit -> DepositPage  the customer's deposits, newest first
 *   `proofImg` is the name (or signed url) of the customer's own upload with purpose `proof`
 *   (POST /api/common/image_upload?purpose=proof). `number` is in the channel's currency.
 *
 * Withdrawals (from the USDT balance to a bound method):
 * - GET /api/account/draw_symbol_list?type=1|2     -> DrawCurrency[]  1 coin, 2 bank
 * - POST /api/account/draw {draw_currency_id, number, memo?, password, draw_method_id} -> WithdrawRecord
 * - GET /api/account/draw_list?type&page&limit     -> WithdrawPage    the customer's withdrawals, newest first
 *   `number` is USDT taken from the balance (at most 2 decimals); `fee` USDT; the customer receives
 *   `real_number` = (number - fee) x usd_price in the currency, 2 decimals, floored at 0, as
 *   `withdrawFigures` in packages/domain computes it (the form shows it live with the same function).
 *
 * Statuses (spec section 4, the same four for both): 0 unchecked, 1 finished (a deposit credited, a
 * withdrawal paid), 2 rejected (remark or notes shown), 3 invalid (deposits only). `status_name` is
 * the status in the request's language. An outcome is pushed on the user topic `funds.record`
 * (FundsRecordPush) and the list can be updated in place from it.
 *
 * Money texts are plain decimal texts ("1250.5", never 1.25e3). Times: `created_at` is
 * "YYYY-MM-DD HH:mm:ss" in UTC (the spec's display form) and `created_time` Unix milliseconds.
 */

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * An amount as the customer typed it: required, a plain decimal text, with no more digits than the
 * money columns hold. Its sign, its places and its bounds are the domain's rule (packages/domain
 * funds-amount), which names what to fix ("must be greater than 0", "at most 2 decimal places").
 */
export const amountText = () =>
  textOrNumber(LIMITS.fundsAmountTextLengthMax).superRefine((value, context) => {
    if (value === '') {
      context.addIssue({ code: 'custom', message: 'validation.required' });
      return;
    }
    const issue = numberTextIssue(value);
    if (issue !== undefined) {
      context.addIssue({ code: 'custom', message: issue });
      return;
    }
    if (!PLAIN_NUMBER.test(value)) context.addIssue({ code: 'custom', message: 'validation.invalid_number' });
  });

// The codes live in a file without zod, so the web app's first screen can read them cheaply.
export { DEPOSIT_TYPE, DRAW_TYPE, FEE_TYPE_FIXED, FUNDS_STATUS } from './funds-codes';

// ---------------------------------------------------------------------------------------------
// Deposit channels

/** A coin channel (spec "Deposit coin channel"): where the customer sends coins. */
export const CoinChannel = z.object({
  id: z.number().int(),
  /** USDT, BTC, ETH. */
  currency_code: serverText(),
  /** The network: TRC20, ERC20, BTC, ETH. */
  protocol_code: serverText(),
  /** The platform's receiving address on that network. */
  address: serverText(),
  /**
   * 1 while the address is a placeholder of a fresh installation (staff have not set the real one):
   * the app must say so and not invite anyone to send coins to it.
   */
  address_placeholder: z.union([z.literal(0), z.literal(1)]),
  /** Bounds of `number`, in the currency; max "0" means no maximum. */
  min: serverText(),
  max: serverText(),
  /** Decimal places `number` may have in this currency. */
  decimals: z.number().int(),
  /** What one unit of the currency is worth in USD (USDT 1, BTC its price): credited = number x usd_per_unit. */
  usd_per_unit: serverText(),
});
export type CoinChannel = z.infer<typeof CoinChannel>;
export const CoinChannelList = z.array(CoinChannel);

/** A currency a bank wire may be sent in (spec "Bank currency"). */
export const BankCurrency = z.object({
  id: z.number().int(),
  /** What the app shows: "USD", "EUR", ... */
  name: serverText(),
  code: serverText(),
  min: serverText(),
  max: serverText(),
  decimals: z.number().int(),
  usd_per_unit: serverText(),
});
export type BankCurrency = z.infer<typeof BankCurrency>;
export const BankCurrencyList = z.array(BankCurrency);

export const WireInfoQuery = z.object({
  /** The bank currency's id (from symbols). */
  bank_coin: positiveId(),
  t: cacheBuster,
});
export type WireInfoQuery = z.infer<typeof WireInfoQuery>;

/** A wire account of the platform (spec "Wire info"); `branch_name` is the Japanese branch name, else empty. */
export const WireInfo = z.object({
  id: z.number().int(),
  bank_coin: z.number().int(),
  currency_code: serverText(),
  ...bankDetailTexts(),
  bank_remark: serverText(),
  branch_name: serverText(),
  /** 1 while the account's details are a fresh installation's placeholder. */
  placeholder: z.union([z.literal(0), z.literal(1)]),
});
export type WireInfo = z.infer<typeof WireInfo>;
export const WireInfoList = z.array(WireInfo);

export const FundsEmptyQuery = z.object({ t: cacheBuster });

// ---------------------------------------------------------------------------------------------
// Deposits

/** Coin deposit (spec: number, proofImg, address, charge_id). */
export const CoinDepositRequest = z.object({
  number: amountText(),
  /** The customer's own `proof` upload: its name or the signed url the upload answered. */
  proofImg: uploadReference(),
  /**
   * The receiving address the customer was shown. Optional; when sent it must still be the
   * channel's address (refused if staff changed it meanwhile, so nobody is credited for coins sent
   * to an old address without a person looking).
   */
  address: text(LIMITS.coinAddressLengthMax).optional(),
  /** The coin channel's id. */
  charge_id: positiveId(),
  t: cacheBuster,
});
export type CoinDepositRequest = z.infer<typeof CoinDepositRequest>;

/** Bank wire deposit (spec: number, proofImg, wire_id). */
export const WireDepositRequest = z.object({
  number: amountText(),
  proofImg: uploadReference(),
  /** The wire account's id (from wire_info). */
  wire_id: positiveId(),
  t: cacheBuster,
});
export type WireDepositRequest = z.infer<typeof WireDepositRequest>;

/** A deposit record (spec "Deposit record") with what a careful client shows besides. */
export const DepositRecord = z.object({
  id: z.number().int(),
  /** What the customer says they sent, in `currency_code`. */
  number: serverText(),
  /** 0 coin, 1 bank. */
  type: z.number().int(),
  currency_code: serverText(),
  /** Coin: the network; bank: empty. */
  protocol_code: serverText(),
  /** Coin: the receiving address used; bank: the wire account's payee account. */
  address: serverText(),
  /** Bank: the wire account's bank name; coin: empty. */
  bank_name: serverText(),
  /** 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
  status: z.number().int(),
  status_name: serverText(),
  /** Why it was rejected or marked invalid (shown to the customer); empty otherwise. */
  remark: serverText(),
  /** USDT credited to the balance once finished; "0" before. */
  amount: serverText(),
  /** The proof, at a signed address that works for LIMITS.imageUrlTtlSeconds (ask again after). */
  proof_img: serverText(),
  created_at: serverText(),
  created_time: z.number().int(),
  /** When it was reviewed (Unix ms); 0 while unchecked. */
  reviewed_time: z.number().int(),
});
export type DepositRecord = z.infer<typeof DepositRecord>;

export const DepositListQuery = z.object({
  /** Absent: every deposit; 0 coin, any other number bank (spec section 3: "0 coin, else bank"). */
  type: wholeNumber().optional(),
  ...pagingFields(LIMITS.fundsPageSizeDefault),
  t: cacheBuster,
});
export type DepositListQuery = z.infer<typeof DepositListQuery>;

export const DepositPage = pageOf(DepositRecord);
export type DepositPage = z.infer<typeof DepositPage>;

// ---------------------------------------------------------------------------------------------
// Withdrawals

/** A `type` or `draw_type` field: 1 coin, 2 bank. */
export const drawTypeField = () =>
  wholeNumber().pipe(z.union([z.literal(1), z.literal(2)], { error: 'validation.draw_type' }));

export const DrawSymbolQuery = z.object({
  /** 1 coin, 2 bank; absent: both. */
  type: drawTypeField().optional(),
  t: cacheBuster,
});
export type DrawSymbolQuery = z.infer<typeof DrawSymbolQuery>;

/** A withdraw currency (spec "Withdraw currency") with its bounds. */
export const DrawCurrency = z.object({
  id: z.number().int(),
  /** 1 coin, 2 bank. */
  type: z.number().int(),
  /** USDT, USD, EUR, ... */
  code: serverText(),
  /** Coin: the network (TRC20, ERC20, BTC); bank: empty. */
  protocol: serverText(),
  /** The fee rate (fee_type other than 1) or, with fee_type 1, the fixed fee in USDT. */
  draw_rate: serverText(),
  /** 1 fixed fee (draw_rate USDT), otherwise number x draw_rate. */
  fee_type: z.number().int(),
  /** Units of this currency paid per USDT (USDT 1, HKD 7.8): receive = (number - fee) x usd_price. */
  usd_price: serverText(),
  /** Bounds of `number` in USDT; max "0" means no maximum. */
  min: serverText(),
  max: serverText(),
});
export type DrawCurrency = z.infer<typeof DrawCurrency>;
export const DrawCurrencyList = z.array(DrawCurrency);

/** Withdrawal request (spec: form draw_currency_id, number, memo, password, draw_method_id). */
export const DrawRequest = z.object({
  draw_currency_id: positiveId(),
  /** USDT from the available balance, at most LIMITS.withdrawDecimalPlacesMax places. */
  number: amountText(),
  /** The customer's note (spec "remark"); may be empty. */
  memo: text(LIMITS.withdrawMemoLengthMax).optional(),
  /** The login password. Wrong ones are counted like failed logins. */
  password: requiredText(LIMITS.passwordLengthMax),
  /** One of the customer's own bound methods, of this currency. */
  draw_method_id: positiveId(),
  t: cacheBuster,
});
export type DrawRequest = z.infer<typeof DrawRequest>;

/** The currency of a withdraw record, as the spec nests it (draw_currency.code). */
export const DrawCurrencyRef = z.object({
  id: z.number().int(),
  code: serverText(),
  protocol: serverText(),
});

/** A withdraw record (spec "Withdraw record"). */
export const WithdrawRecord = z.object({
  id: z.number().int(),
  /** USDT taken from the balance. */
  number: serverText(),
  /** What the customer receives, in draw_currency.code (2 places). */
  real_number: serverText(),
  draw_currency: DrawCurrencyRef,
  /** USDT. */
  fee: serverText(),
  /** The rate used: units of the currency per USDT. */
  usd_price: serverText(),
  /** 0 unchecked, 1 finished (paid), 2 rejected. */
  status: z.number().int(),
  status_name: serverText(),
  created_at: serverText(),
  created_time: z.number().int(),
  /** 1 coin, 2 bank. */
  type: z.number().int(),
  /** Coin: the address paid to; bank: empty. */
  address: serverText(),
  /** Bank: the account paid to; coin: empty. */
  payee_account: serverText(),
  bank_name: serverText(),
  /** The customer's own memo. */
  memo: serverText(),
  /** The back office's notes (a rejection's reason); empty otherwise. */
  notes: serverText(),
  /** Once paid: the payout's reference or transaction hash. */
  payout_reference: serverText(),
  /** When it was paid or rejected (Unix ms); 0 while unchecked. */
  reviewed_time: z.number().int(),
});
export type WithdrawRecord = z.infer<typeof WithdrawRecord>;

export const WithdrawListQuery = z.object({
  /** Absent: every withdrawal; 1 coin; 2 bank. */
  type: drawTypeField().optional(),
  ...pagingFields(LIMITS.fundsPageSizeDefault),
  t: cacheBuster,
});
export type WithdrawListQuery = z.infer<typeof WithdrawListQuery>;

export const WithdrawPage = pageOf(WithdrawRecord);
export type WithdrawPage = z.infer<typeof WithdrawPage>;

// ---------------------------------------------------------------------------------------------
// The customer hears of each outcome

/** What happened to the record: a deposit is approved (credited), rejected or marked invalid; a withdrawal paid or rejected. */
export const FundsOutcome = z.enum(['approved', 'rejected', 'invalid', 'paid']);
export type FundsOutcome = z.infer<typeof FundsOutcome>;

/**
 * The push on the user topic `funds.record` (TOPIC_FUNDS_RECORD in socket.ts), to the owner's
 * sockets only: the record as the lists show it (replace the one with the same kind and id), and
 * the balances after it. The same outcome goes to the customer's e-mail through the outbox.
 */
export const FundsRecordPush = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('deposit'),
    outcome: FundsOutcome,
    record: DepositRecord,
    balance: serverText(),
    lock_balance: serverText(),
  }),
  z.object({
    kind: z.literal('withdrawal'),
    outcome: FundsOutcome,
    record: WithdrawRecord,
    balance: serverText(),
    lock_balance: serverText(),
  }),
]);
export type FundsRecordPush = z.infer<typeof FundsRecordPush>;
