import {
  checkSettingValue,
  EDITABLE_SETTING_KEYS,
  type EditableSettingKey,
  isMoneySetting,
  type StaffSetting,
  type StaffSettingList,
  type StaffSettingUpdate,
  type UpdateSettingRequest,
} from '@meridian/contract/settings-staff';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import {
  type AuthenticatedStaff,
  actorOf,
  type ProposalHandlers,
  proposeChange,
  recordAudit,
  requirePermission,
  type StaffActor,
} from '../staff/staff.public';
import { DEFAULT_SETTINGS } from './settings.defaults';
import * as repository from './settings.repository';

// The back office's settings (permission settings.edit). Readers read the settings table on each
// use, except the trading terms (trade_fee_type) and the trigger engine (stop_out_level), which
// keep them a moment: they listen to `setting.changed` and read them again at once on this node.

type StoredSetting = { value: string; updatedAt: Date | null };

function view(key: StaffSetting['key'], stored: StoredSetting | undefined): StaffSetting {
  return {
    key,
    value: stored?.value ?? DEFAULT_SETTINGS[key],
    default_value: DEFAULT_SETTINGS[key],
    updated_at: stored?.updatedAt?.toISOString() ?? '',
  };
}

export async function listStaffSettings(
  context: ServerContext,
  staff: AuthenticatedStaff,
): Promise<StaffSettingList> {
  await requirePermission(context, staff, 'settings.edit');
  const rows = await repository.readSettingRows(context.db);
  return { list: EDITABLE_SETTING_KEYS.map((key) => view(key, rows.get(key))) };
}

/** Writes a setting with its audit entry (before and after), under the setting's row lock, in `tx`. */
async function writeAudited(
  tx: DbOrTx,
  actor: StaffActor,
  change: { key: EditableSettingKey; value: string; at: Date; proposalId?: number },
): Promise<void> {
  const stored = await repository.lockSetting(tx, change.key);
  const before = stored?.value ?? DEFAULT_SETTINGS[change.key];
  if (before === change.value) throw new Rejection('error.nothing_to_change');
  await repository.writeSetting(tx, change.key, change.value, change.at);
  await recordAudit(tx, actor, {
    action: 'settings.update',
    target: `setting:${change.key}`,
    details: {
      before: { [change.key]: before },
      after: { [change.key]: change.value },
      ...(change.proposalId === undefined ? {} : { proposal_id: change.proposalId }),
    },
    at: change.at,
  });
}

/**
 * Changes one setting, checked by its key's rule. A money setting (`MONEY_SETTING_KEYS`) is only
 * proposed: a second admin applies it. Any other is written with its audit entry
 * in one transaction, then announced (`setting.changed`) so the readers that keep it read it again.
 */
export async function updateStaffSetting(
  context: ServerContext,
  staff: AuthenticatedStaff,
  request: UpdateSettingRequest,
): Promise<StaffSettingUpdate> {
  await requirePermission(context, staff, 'settings.edit');
  const checked = checkSettingValue(request.key, request.value);
  if ('issue' in checked) throw new Rejection(checked.issue.key, checked.issue.params);
  const at = context.clock.now();
  const key = request.key;
  if (isMoneySetting(key)) {
    return context.db.transaction(async (tx) => {
      const stored = await repository.lockSetting(tx, key);
      const before = stored?.value ?? DEFAULT_SETTINGS[key];
      const proposalId = await proposeChange(context, tx, staff, {
        kind: 'setting',
        target: `setting:${key}`,
        targetLabel: key,
        before: { value: before },
        after: { value: checked.value },
      });
      const rows = await repository.readSettingRows(tx);
      return { ...view(key, rows.get(key)), status: 'proposed', proposal_id: proposalId };
    });
  }
  await context.db.transaction((tx) => writeAudited(tx, actorOf(staff), { key, value: checked.value, at }));
  context.events.emit('setting.changed', { key });
  return { ...view(key, { value: checked.value, updatedAt: at }), status: 'applied', proposal_id: 0 };
}

function settingKeyOf(target: string): EditableSettingKey | undefined {
  const key = target.slice(target.indexOf(':') + 1);
  return EDITABLE_SETTING_KEYS.find((one) => one === key);
}

/** How an approved money setting is applied (the back office's proposals call it). */
export const settingsProposalHandlers: ProposalHandlers = {
  setting: {
    async current(tx, target) {
      const key = settingKeyOf(target);
      if (key === undefined) return undefined;
      const stored = await repository.lockSetting(tx, key);
      return { value: stored?.value ?? DEFAULT_SETTINGS[key] };
    },
    async apply(context, tx, change, approver) {
      const key = settingKeyOf(change.target);
      const value = change.after.value;
      if (key === undefined || value === undefined)
        throw new Error(`setting proposal ${change.proposalId} has no target`);
      await writeAudited(tx, approver, { key, value, at: change.at, proposalId: change.proposalId });
      return { afterCommit: () => context.events.emit('setting.changed', { key }) };
    },
  },
};
