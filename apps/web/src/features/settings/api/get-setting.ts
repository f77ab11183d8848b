import { type PUBLIC_SETTING_KEYS, SettingValue } from '@meridian/contract/settings';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';

export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];
export type Setting = z.infer<typeof SettingValue>;

export function getSetting(key: PublicSettingKey): Promise<Setting> {
  return api.get('/api/default/setting', { key }, { schema: SettingValue });
}

export function useSetting(key: PublicSettingKey) {
  return useQuery({
    queryKey: ['settings', 'setting', key],
    queryFn: () => getSetting(key),
    staleTime: WEB_LIMITS.settingStaleMs,
  });
}
