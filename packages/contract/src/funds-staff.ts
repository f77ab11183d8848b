import { z } from 'zod';
import { bankDetailFields, bankDetailTexts } from './bank-details';
import { cacheBuster, positiveId, requiredText, serverText, text, truthyFlag, wholeNumber } from './fields';
import { amountText, CoinChannel, DepositRecord, WireInfo, WithdrawRecord } from './funds';
import { LIMITS } from './limits';
import { DepositSortKey, listSortFields, WithdrawalSortKey } from './list-sort';
import { pageOf, pagingFields } from './paging';
import { proposalOutcomeFields } from './proposal-outcome';
import { rowRequest } from './row-request';

/**
 * The back office's funds API, under /admin/api behind the staff guard: role `finance`
 * (or `admin`). Every call, reads included, is written to the audit log.
 *
 * - GET  /admin/api/funds/deposits?status&type&user_id&page&limit -> StaffDepositPage, newest first
 * - GET  /admin/api/funds/deposits/proof?id                       -> SignedImage (the proof, for this staff member)
 * - POST /admin/api/funds/deposits/approve {id, amount?, reason?} -> StaffDeposit  credits `amount` USDT
 *        (default suggested_amount = number x usd_per_unit, 2 places rounded down; another amount
 *        needs a reason). Approving an approved deposit again is refused and credits nothing.
 *        Four-eyes: a credit further from suggested_amount than the setting
 *        `deposit_tolerance_percent`, or of more than `withdraw_four_eyes_usd`, needs two different
 *        staff members: the first approval is recorded (`approvals`, the deposit stays status 0),
 *        the second, by someone else and of the same amount, credits it.
 * - POST /admin/api/funds/deposits/reject  {id, remark}           -> StaffDeposit  the customer sees the remark
 * - POST /admin/api/funds/deposits/invalid {id, remark?}          -> StaffDeposit
 * - GET  /admin/api/funds/withdrawals?status&type&user_id&page&limit -> StaffWithdrawalPage
 * - POST /admin/api/funds/withdrawals/pay {id, payout_reference?, notes?} -> StaffWithdrawal
 *        An approval. A withdrawal of more than the setting `withdraw_four_eyes_usd` (default
 *        10,000 USDT) needs two approvals by two different staff members: the first is recorded
 *        (state `approved`, still status 0), the second pays. The approval that pays must carry the
 *        payout reference (a transfer reference or transaction hash); paying takes the amount out
 *        of the lock (ledger `withdraw_paid`).
 * - POST /admin/api/funds/withdrawals/reject {id, notes}          -> StaffWithdrawal  the lock goes back to the balance
 * - GET  /admin/api/funds/channels                                -> StaffChannels (coin channels and wire accounts)
 * - POST /admin/api/funds/channels/update {id, address?, min?, max?, usd_per_unit?, enabled?} -> StaffCoinChannelUpdate
 *        Setting an address clears its placeholder mark.
 * - POST /admin/api/funds/wire_accounts/update {id, bank_name?, bank_address?, bank_swift?, payee_name?,
 *        payee_account?, bank_remark?, branch_name?, enabled?} -> StaffWireAccountUpdate
 *        Both are proposed changes (proposals-staff.ts): checked, then applied only when a second
 *        admin approves; switching a channel or account off alone applies at once (it can only stop
 *        money arriving, and a compromised address must be stopped without waiting).
 */

/** The customer a record belongs to, as the back office lists it. */
export const StaffCustomer = z.object({
  id: z.number().int(),
  uid: serverText(),
  email: serverText(),
  mobile: serverText(),
});
export type StaffCustomer = z.infer<typeof StaffCustomer>;

/** A staff member who acted on a record. */
export const StaffActorRef = z.object({ id: z.number().int(), name: serverText() });

/** A private image opened for one staff member: a signed address valid until `expires_at` (ISO 8601). */
export const SignedImage = z.object({ url: serverText(), expires_at: serverText() });
export type SignedImage = z.infer<typeof SignedImage>;

export const StaffRecordQuery = z.object({
  /** 0 unchecked, 1 finished, 2 rejected, 3 invalid; absent: all. */
  status: wholeNumber().min(0).max(3).optional(),
  /** Deposits: 0 coin, 1 bank. Withdrawals: 1 coin, 2 bank. Absent: all. */
  type: wholeNumber().min(0).max(2).optional(),
  /** One customer's records only (the user's id). */
  user_id: positiveId().optional(),
  ...pagingFields(LIMITS.fundsPageSizeDefault),
  t: cacheBuster,
});
export type StaffRecordQuery = z.infer<typeof StaffRecordQuery>;

/** The deposits list's query: the filters, and its sort and export (list-sort.ts). */
export const StaffDepositQuery = StaffRecordQuery.extend(listSortFields(DepositSortKey));
export type StaffDepositQuery = z.infer<typeof StaffDepositQuery>;

/** The withdrawals list's query: the filters, and its sort and export (list-sort.ts). */
export const StaffWithdrawalQuery = StaffRecordQuery.extend(listSortFields(WithdrawalSortKey));
export type StaffWithdrawalQuery = z.infer<typeof StaffWithdrawalQuery>;

export const StaffRecordIdQuery = rowRequest({});

export const StaffApproval = z.object({
  staff: StaffActorRef,
  /** ISO 8601. */
  at: serverText(),
});

/** A deposit approval (four-eyes): who, when, and the USDT it approved, with its reason. */
export const StaffDepositApproval = StaffApproval.extend({ amount: serverText(), reason: serverText() });
export type StaffDepositApproval = z.infer<typeof StaffDepositApproval>;

/**
 * What a reviewer should look at twice, as fixed codes the screens name:
 * - `credit_differs`: the credit (credited, or approved by a first approver) is not the suggested one;
 * - `placeholder_channel`: sent to a placeholder (unset) receiving address or wire account;
 * - `proof_reused`: the same proof image (content hash) is the proof of another deposit, any customer's;
 * - `first_deposit`: the customer has no credited deposit before this one.
 */
export const DEPOSIT_FLAGS = [
  'credit_differs',
  'placeholder_channel',
  'proof_reused',
  'first_deposit',
] as const;
export const DepositFlag = z.enum(DEPOSIT_FLAGS);
export type DepositFlag = z.infer<typeof DepositFlag>;

/** A deposit as the reviewer sees it. `proof_img` is empty here: open it with deposits/proof. */
export const StaffDeposit = DepositRecord.extend({
  user: StaffCustomer,
  /** The coin channel or wire account it was sent to (0 for the other kind). */
  channel_id: z.number().int(),
  wire_id: z.number().int(),
  /** USD per unit of the currency when it was submitted. */
  usd_per_unit: serverText(),
  /** number x usd_per_unit, 2 places rounded down: what approving credits unless corrected. */
  suggested_amount: serverText(),
  /** Why the credited amount differs from the suggested one; empty otherwise. */
  amount_reason: serverText(),
  reviewed_by: StaffActorRef.nullable(),
  /** The approvals so far (a waiting deposit with one has its first of two). */
  approvals: z.array(StaffDepositApproval),
  /** 2 when a first approval is recorded, or when crediting suggested_amount would need two; else 1. */
  approvals_needed: z.number().int(),
  flags: z.array(DepositFlag),
});
export type StaffDeposit = z.infer<typeof StaffDeposit>;

export const StaffDepositPage = z.object({
  list: z.array(StaffDeposit),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Today's four-eyes terms, for the screen's preview of a typed credit (the server decides again). */
  four_eyes_usd: serverText(),
  tolerance_percent: serverText(),
});
export type StaffDepositPage = z.infer<typeof StaffDepositPage>;

export const ApproveDepositRequest = rowRequest({
  /** USDT to credit; absent: suggested_amount. */
  amount: amountText().optional(),
  /** Required when `amount` differs from suggested_amount. */
  reason: text(LIMITS.reviewReasonLengthMax).optional(),
});
export type ApproveDepositRequest = z.infer<typeof ApproveDepositRequest>;

export const RejectDepositRequest = rowRequest({
  /** Shown to the customer. */
  remark: requiredText(LIMITS.reviewReasonLengthMax),
});
export type RejectDepositRequest = z.infer<typeof RejectDepositRequest>;

export const InvalidDepositRequest = rowRequest({
  remark: text(LIMITS.reviewReasonLengthMax).optional(),
});
export type InvalidDepositRequest = z.infer<typeof InvalidDepositRequest>;

/** A withdrawal's review state: `approved` is the first of two approvals (four-eyes), still status 0. */
export const WithdrawalState = z.enum(['pending', 'approved', 'paid', 'rejected']);
export type WithdrawalState = z.infer<typeof WithdrawalState>;

/** A withdrawal as the reviewer sees it: the method's full details and the approvals so far. */
export const StaffWithdrawal = WithdrawRecord.extend({
  user: StaffCustomer,
  state: WithdrawalState,
  method: z.object({ id: z.number().int(), dc_address: serverText(), ...bankDetailTexts() }),
  approvals: z.array(StaffApproval),
  /** 2 above withdraw_four_eyes_usd, else 1. */
  approvals_needed: z.number().int(),
  reviewed_by: StaffActorRef.nullable(),
});
export type StaffWithdrawal = z.infer<typeof StaffWithdrawal>;

export const StaffWithdrawalPage = pageOf(StaffWithdrawal);
export type StaffWithdrawalPage = z.infer<typeof StaffWithdrawalPage>;

export const PayWithdrawalRequest = rowRequest({
  /** The transfer reference or transaction hash; required on the approval that pays. */
  payout_reference: text(LIMITS.payoutReferenceLengthMax).optional(),
  notes: text(LIMITS.reviewReasonLengthMax).optional(),
});
export type PayWithdrawalRequest = z.infer<typeof PayWithdrawalRequest>;

export const RejectWithdrawalRequest = rowRequest({
  /** Shown to the customer. */
  notes: requiredText(LIMITS.reviewReasonLengthMax),
});
export type RejectWithdrawalRequest = z.infer<typeof RejectWithdrawalRequest>;

/** A coin channel with what only staff see. */
export const StaffCoinChannel = CoinChannel.extend({ enabled: z.union([z.literal(0), z.literal(1)]) });
export type StaffCoinChannel = z.infer<typeof StaffCoinChannel>;
/** The channel as in force, and whether the change applied or awaits a second admin. */
export const StaffCoinChannelUpdate = StaffCoinChannel.extend(proposalOutcomeFields);
export type StaffCoinChannelUpdate = z.infer<typeof StaffCoinChannelUpdate>;

/** A wire account with what only staff see. */
export const StaffWireAccount = WireInfo.extend({ enabled: z.union([z.literal(0), z.literal(1)]) });
export type StaffWireAccount = z.infer<typeof StaffWireAccount>;
/** The account as in force, and whether the change applied or awaits a second admin. */
export const StaffWireAccountUpdate = StaffWireAccount.extend(proposalOutcomeFields);
export type StaffWireAccountUpdate = z.infer<typeof StaffWireAccountUpdate>;

export const StaffChannels = z.object({
  coin: z.array(StaffCoinChannel),
  wire: z.array(StaffWireAccount),
});
export type StaffChannels = z.infer<typeof StaffChannels>;

export const UpdateCoinChannelRequest = rowRequest({
  /** A valid address on the channel's network; setting one clears the placeholder mark. */
  address: text(LIMITS.coinAddressLengthMax).optional(),
  min: amountText().optional(),
  /** "0": no maximum. */
  max: amountText().optional(),
  usd_per_unit: amountText().optional(),
  enabled: truthyFlag().optional(),
});
export type UpdateCoinChannelRequest = z.infer<typeof UpdateCoinChannelRequest>;

/**
 * Staff change a wire account: any of its details, or whether customers see it. Setting the bank
 * name or the payee account clears the placeholder mark; a SWIFT/BIC and an IBAN are checked.
 */
export const UpdateWireAccountRequest = rowRequest({
  ...bankDetailFields(),
  bank_remark: text(LIMITS.bankFieldLengthMax).optional(),
  branch_name: text(LIMITS.bankFieldLengthMax).optional(),
  enabled: truthyFlag().optional(),
});
export type UpdateWireAccountRequest = z.infer<typeof UpdateWireAccountRequest>;
