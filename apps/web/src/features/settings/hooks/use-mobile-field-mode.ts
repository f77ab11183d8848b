import { useSetting } from '../api/get-setting';

/**
 * How a mobile number is asked for (spec section 2, setting is_show_mobile): 1 = area code and
 * number, 3 = number only (the default area is sent), anything else = mobile not offered.
 */
export type MobileFieldMode = 'area-and-number' | 'number-only' | 'none';

export function mobileFieldModeOf(value: string | undefined): MobileFieldMode {
  if (value === '1') return 'area-and-number';
  if (value === '3') return 'number-only';
  return 'none';
}

/** Undefined until the setting has arrived, so forms do not flash a mode and then change it. */
export function useMobileFieldMode(): MobileFieldMode | undefined {
  const setting = useSetting('is_show_mobile');
  if (setting.isError) return 'none';
  return setting.data ? mobileFieldModeOf(setting.data.value) : undefined;
}
