import type {
  StaffCoinChannelUpdate,
  StaffWireAccountUpdate,
  UpdateCoinChannelRequest,
  UpdateWireAccountRequest,
} from '@meridian/contract/funds-staff';
import type { ProposalFields } from '@meridian/contract/proposals-staff';
import { plainDecimal, toDecimal } from '@meridian/domain/money';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import {
  actorOf,
  type ProposalHandlers,
  proposeChange,
  recordAudit,
  type StaffActor,
  targetId,
} from '../staff/staff.public';
import { staffAction } from '../staff-action';
import * as repository from './channels.repository';
import { staffCoinChannelView, wireInfoView } from './channels.service';
import { isValidCoinAddress, normalizedBic, normalizedPayeeAccount } from './payout-details';

// Where customers send money: a change to a coin channel or a wire account is proposed and applied
// only when a second admin approves it. Switching one off alone applies at once:
// it can only stop money arriving, and a compromised address must be stopped without waiting.

const COIN_FIELDS = ['address', 'min', 'max', 'usd_per_unit', 'enabled'] as const;
const WIRE_FIELDS = [
  'bank_name',
  'bank_address',
  'bank_swift',
  'payee_name',
  'payee_account',
  'bank_remark',
  'branch_name',
  'enabled',
] as const;

const flagText = (on: boolean) => (on ? '1' : '0');

function coinFields(row: repository.DepositChannelRow): Record<(typeof COIN_FIELDS)[number], string> {
  return {
    address: row.address,
    min: plainDecimal(row.minNumber),
    max: plainDecimal(row.maxNumber),
    usd_per_unit: plainDecimal(row.usdPerUnit),
    enabled: flagText(row.enabled),
  };
}

function wireFields(row: repository.WireAccountRow): Record<(typeof WIRE_FIELDS)[number], string> {
  return {
    bank_name: row.bankName,
    bank_address: row.bankAddress,
    bank_swift: row.bankSwift,
    payee_name: row.payeeName,
    payee_account: row.payeeAccount,
    bank_remark: row.bankRemark,
    branch_name: row.branchName,
    enabled: flagText(row.enabled),
  };
}

/** The fields a request changes: their values before and after (fields sent unchanged left out). */
function changedFields<Field extends string>(
  current: Record<Field, string>,
  wanted: Partial<Record<Field, string>>,
): { before: ProposalFields; after: ProposalFields } {
  const before: ProposalFields = {};
  const after: ProposalFields = {};
  for (const [field, value] of Object.entries(wanted) as [Field, string | undefined][]) {
    if (value === undefined || value === current[field]) continue;
    before[field] = current[field];
    after[field] = value;
  }
  if (Object.keys(after).length === 0) throw new Rejection('error.nothing_to_change');
  return { before, after };
}

const onlySwitchesOff = (after: ProposalFields) => Object.keys(after).length === 1 && after.enabled === '0';

function nonNegative(text: string): string {
  const value = toDecimal(text);
  if (value.isNegative()) throw new Rejection('validation.amount_not_negative');
  if (value.decimalPlaces() > 8) throw new Rejection('validation.amount_decimals', { places: '8' });
  return plainDecimal(value.toFixed());
}

/** The coin channel's new values as staff give them, checked (address on its network, bounds, a positive USD value). */
function wantedCoinFields(row: repository.DepositChannelRow, input: UpdateCoinChannelRequest) {
  if (input.address !== undefined && !isValidCoinAddress(row.protocolCode, input.address))
    throw new Rejection('validation.coin_address', { network: row.protocolCode });
  if (input.usd_per_unit !== undefined && !toDecimal(input.usd_per_unit).gt(0))
    throw new Rejection('validation.amount_positive');
  const wanted = {
    address: input.address,
    min: input.min === undefined ? undefined : nonNegative(input.min),
    max: input.max === undefined ? undefined : nonNegative(input.max),
    usd_per_unit: input.usd_per_unit === undefined ? undefined : plainDecimal(input.usd_per_unit),
    enabled: input.enabled === undefined ? undefined : flagText(input.enabled),
  };
  const max = toDecimal(wanted.max ?? row.maxNumber);
  if (max.gt(0) && max.lt(wanted.min ?? row.minNumber)) throw new Rejection('error.channel_bounds');
  return wanted;
}

async function applyCoinChange(
  tx: DbOrTx,
  actor: StaffActor,
  change: TargetChange,
): Promise<repository.DepositChannelRow> {
  const before = await repository.lockDepositChannel(tx, change.id);
  if (!before) throw new Rejection('error.channel_unknown');
  const { address, min, max, usd_per_unit, enabled } = change.after;
  const updated = await repository.updateDepositChannel(tx, change.id, {
    updatedAt: change.at,
    ...(address === undefined ? {} : { address, addressPlaceholder: false }),
    ...(min === undefined ? {} : { minNumber: min }),
    ...(max === undefined ? {} : { maxNumber: max }),
    ...(usd_per_unit === undefined ? {} : { usdPerUnit: usd_per_unit }),
    ...(enabled === undefined ? {} : { enabled: enabled === '1' }),
  });
  if (!updated) throw new Error(`deposit channel ${change.id} vanished under its update`);
  // Checked again as written: another approved change may have moved the other bound meanwhile.
  if (toDecimal(updated.maxNumber).gt(0) && toDecimal(updated.maxNumber).lt(updated.minNumber))
    throw new Rejection('error.channel_bounds');
  await recordAudit(tx, actor, {
    action: 'funds.channel_update',
    target: `deposit_channel:${updated.id}`,
    details: {
      before: coinFields(before),
      after: coinFields(updated),
      ...(change.proposalId === undefined ? {} : { proposal_id: change.proposalId }),
    },
    at: change.at,
  });
  return updated;
}

/**
 * Staff (finance or admin) ask to change a coin channel: its receiving address (valid on the
 * channel's network; setting one clears the placeholder mark), bounds, fallback USD value, or
 * whether customers see it. Checked now; proposed, unless it only switches the channel off.
 */
export const updateCoinChannel = staffAction(
  'funds.review',
  async (context, staff, input: UpdateCoinChannelRequest, at): Promise<StaffCoinChannelUpdate> => {
    return context.db.transaction(async (tx) => {
      const row = await repository.lockDepositChannel(tx, input.id);
      if (!row) throw new Rejection('error.channel_unknown');
      const { before, after } = changedFields(coinFields(row), wantedCoinFields(row, input));
      if (onlySwitchesOff(after)) {
        const updated = await applyCoinChange(tx, actorOf(staff), { id: row.id, after, at });
        return { ...staffCoinChannelView(context, updated), status: 'applied', proposal_id: 0 };
      }
      const proposalId = await proposeChange(context, tx, staff, {
        kind: 'deposit_channel',
        target: `deposit_channel:${row.id}`,
        targetLabel: `${row.currencyCode} ${row.protocolCode}`,
        before,
        after,
      });
      return { ...staffCoinChannelView(context, row), status: 'proposed', proposal_id: proposalId };
    });
  },
);

/** The wire account's new values as staff give them, checked: a BIC, an IBAN, required names not emptied. */
function wantedWireFields(
  input: UpdateWireAccountRequest,
): Partial<Record<(typeof WIRE_FIELDS)[number], string>> {
  if (input.bank_name === '') throw new Rejection('error.bank_name_required');
  if (input.payee_name === '') throw new Rejection('error.payee_name_required');
  if (input.payee_account === '') throw new Rejection('error.payee_account_required');
  const payeeAccount =
    input.payee_account === undefined ? undefined : normalizedPayeeAccount(input.payee_account);
  if (input.payee_account !== undefined && payeeAccount === undefined) throw new Rejection('validation.iban');
  const bic =
    input.bank_swift === undefined || input.bank_swift === ''
      ? input.bank_swift
      : normalizedBic(input.bank_swift);
  if (input.bank_swift !== undefined && bic === undefined) throw new Rejection('validation.bank_swift');
  return {
    bank_name: input.bank_name,
    bank_address: input.bank_address,
    bank_swift: bic,
    payee_name: input.payee_name,
    payee_account: payeeAccount,
    bank_remark: input.bank_remark,
    branch_name: input.branch_name,
    enabled: input.enabled === undefined ? undefined : flagText(input.enabled),
  };
}

async function applyWireChange(tx: DbOrTx, actor: StaffActor, change: TargetChange) {
  const before = await repository.lockWireAccount(tx, change.id);
  if (!before) throw new Rejection('error.wire_account_unknown');
  const a = change.after;
  const updated = await repository.updateWireAccount(tx, change.id, {
    ...(a.bank_name === undefined ? {} : { bankName: a.bank_name }),
    ...(a.bank_address === undefined ? {} : { bankAddress: a.bank_address }),
    ...(a.bank_swift === undefined ? {} : { bankSwift: a.bank_swift }),
    ...(a.payee_name === undefined ? {} : { payeeName: a.payee_name }),
    ...(a.payee_account === undefined ? {} : { payeeAccount: a.payee_account }),
    ...(a.bank_remark === undefined ? {} : { bankRemark: a.bank_remark }),
    ...(a.branch_name === undefined ? {} : { branchName: a.branch_name }),
    ...(a.enabled === undefined ? {} : { enabled: a.enabled === '1' }),
    // Real bank details replace the placeholder's: the mark goes with them.
    ...(a.bank_name !== undefined || a.payee_account !== undefined ? { placeholder: false } : {}),
  });
  if (!updated) throw new Error(`wire account ${change.id} vanished under its update`);
  await recordAudit(tx, actor, {
    action: 'funds.wire_account_update',
    target: `wire_account:${updated.id}`,
    details: {
      before: wireFields(before.account),
      after: wireFields(updated),
      ...(change.proposalId === undefined ? {} : { proposal_id: change.proposalId }),
    },
    at: change.at,
  });
  return { account: updated, currency: before.currency };
}

/** Staff ask to change a wire account (the placeholders of a fresh installation first): proposed, unless it only switches it off. */
export const updateWireAccount = staffAction(
  'funds.review',
  async (context, staff, input: UpdateWireAccountRequest, at): Promise<StaffWireAccountUpdate> => {
    const wanted = wantedWireFields(input);
    return context.db.transaction(async (tx) => {
      const row = await repository.lockWireAccount(tx, input.id);
      if (!row) throw new Rejection('error.wire_account_unknown');
      const { before, after } = changedFields(wireFields(row.account), wanted);
      const view = (current: typeof row) =>
        ({ ...wireInfoView(current), enabled: current.account.enabled ? 1 : 0 }) as const;
      if (onlySwitchesOff(after)) {
        const updated = await applyWireChange(tx, actorOf(staff), { id: row.account.id, after, at });
        return { ...view(updated), status: 'applied', proposal_id: 0 };
      }
      const proposalId = await proposeChange(context, tx, staff, {
        kind: 'wire_account',
        target: `wire_account:${row.account.id}`,
        targetLabel: `${row.currency.code} ${row.account.bankName}`,
        before,
        after,
      });
      return { ...view(row), status: 'proposed', proposal_id: proposalId };
    });
  },
);

/** The fields of a target as they stand, the target locked; undefined when it is gone. */
async function currentFields<Field extends string>(
  load: () => Promise<Record<Field, string> | undefined>,
  fields: readonly string[],
): Promise<ProposalFields | undefined> {
  const all = await load();
  if (!all) return undefined;
  return Object.fromEntries(fields.map((field) => [field, all[field as Field] ?? '']));
}

/** An approved change of one target, named by its row's id. */
type TargetChange = { id: number; after: ProposalFields; at: Date; proposalId?: number };

/**
 * How approved changes of one kind of target (named `kind:id`) are applied: its fields are read
 * under its row lock, and an approved change written by `applyChange`. `what` names the kind in the
 * error of a proposal that names no target (a programmer error upstream).
 */
function lockedTargetHandler<Row, Field extends string>(
  what: string,
  lock: (tx: DbOrTx, id: number) => Promise<Row | undefined>,
  fieldsOf: (row: Row) => Record<Field, string>,
  applyChange: (tx: DbOrTx, actor: StaffActor, change: TargetChange) => Promise<unknown>,
): NonNullable<ProposalHandlers[keyof ProposalHandlers]> {
  return {
    current: (tx, target, fields) =>
      currentFields(async () => {
        const id = targetId(target);
        const row = id === undefined ? undefined : await lock(tx, id);
        return row ? fieldsOf(row) : undefined;
      }, fields),
    async apply(_context, tx, change, approver) {
      const id = targetId(change.target);
      if (id === undefined) throw new Error(`proposal ${change.proposalId} names no ${what}`);
      await applyChange(tx, approver, {
        id,
        after: change.after,
        at: change.at,
        proposalId: change.proposalId,
      });
      return {};
    },
  };
}

/** How approved channel and wire account changes are applied (the back office's proposals call it). */
export const fundsProposalHandlers: ProposalHandlers = {
  deposit_channel: lockedTargetHandler('channel', repository.lockDepositChannel, coinFields, applyCoinChange),
  wire_account: lockedTargetHandler(
    'wire account',
    repository.lockWireAccount,
    (row) => wireFields(row.account),
    applyWireChange,
  ),
};
