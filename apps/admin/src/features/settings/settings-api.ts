import type {
  EditableSettingKey,
  StaffSettingList,
  StaffSettingUpdate,
} from '@meridian/contract/settings-staff';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

export const SETTINGS_KEY = ['settings'] as const;

/** GET /admin/api/settings: the editable settings, their values and defaults. */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => adminApi<StaffSettingList>('GET', '/settings'),
  });
}

/**
 * POST /admin/api/settings/update: one setting at a time, checked and audited by the server; a money
 * setting is proposed (applied when a second admin approves).
 */
export const updateSetting = (input: { key: EditableSettingKey; value: string }) =>
  adminApi<StaffSettingUpdate>('POST', '/settings/update', input);
