import {
  checkSettingValue,
  EDITABLE_SETTING_KEYS,
  type StaffSetting,
  type StaffSettingList,
  type UpdateSettingRequest,
} from '@meridian/contract/settings-staff';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
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

/**
 * Changes one setting: checked by its key's rule, written with its audit entry (before and
 * after) in one transaction under the setting's row lock, then announced (`setting.changed`) so
 * the readers that keep it read it again.
 */
export async function updateStaffSetting(
  context: ServerContext,
  staff: AuthenticatedStaff,
  request: UpdateSettingRequest,
): Promise<StaffSetting> {
  await requirePermission(context, staff, 'settings.edit');
  const checked = checkSettingValue(request.key, request.value);
  if ('issue' in checked) throw new Rejection(checked.issue.key, checked.issue.params);
  const at = context.clock.now();
  const key = request.key;
  await context.db.transaction(async (tx) => {
    const stored = await repository.lockSetting(tx, key);
    const before = stored?.value ?? DEFAULT_SETTINGS[key];
    if (before === checked.value) throw new Rejection('error.nothing_to_change');
    await repository.writeSetting(tx, key, checked.value, at);
    await recordAudit(tx, actorOf(staff), {
      action: 'settings.update',
      target: `setting:${key}`,
      details: { before: { [key]: before }, after: { [key]: checked.value } },
      at,
    });
  });
  context.events.emit('setting.changed', { key });
  return view(key, { value: checked.value, updatedAt: at });
}
