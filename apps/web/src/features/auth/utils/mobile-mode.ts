import type { AreaCode } from '@meridian/contract/settings';

/** How the forms ask for a mobile number (is_show_mobile): see features/settings. */
export type MobileFieldMode = 'area-and-number' | 'number-only' | 'none';

/** Spec section 2: the area code defaults to the second entry of the list. */
export function defaultAreaOf(areas: readonly AreaCode[]): AreaCode | undefined {
  return areas[1] ?? areas[0];
}
