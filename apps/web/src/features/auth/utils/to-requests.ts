import type { IdentifierType } from '@meridian/contract/auth';
import type { AreaCode } from '@meridian/contract/settings';
import type { MobileFieldMode } from './mobile-mode';

/** What the identifier fields hold, whichever mode is shown. */
export type AccountValues = { account?: string; area_id?: number; mobile?: string };

export type Identifier =
  | { type: 'email'; account: string }
  | { type: 'mobile'; account: string; area_id: number | undefined };

/**
 * The identifier as the API takes it. In number-only mode there is no picker, so the default area
 * (spec: the second entry of the list) is sent.
 */
export function identifierOf(
  type: IdentifierType,
  values: AccountValues,
  mobileMode: MobileFieldMode,
  defaultArea: AreaCode | undefined,
): Identifier {
  if (type === 'email') return { type, account: (values.account ?? '').trim() };
  const areaId = mobileMode === 'area-and-number' ? (values.area_id ?? defaultArea?.id) : defaultArea?.id;
  return { type, account: (values.mobile ?? '').trim(), area_id: areaId };
}
