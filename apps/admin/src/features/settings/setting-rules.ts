import { checkSettingValue, type EditableSettingKey } from '@meridian/contract/settings-staff';

/** The unit shown after a decimal setting's box. */
export const UNITS: Partial<Record<EditableSettingKey, string>> = {
  demo_balance: 'USDT',
  stop_out_level: '%',
  withdraw_four_eyes_usd: 'USDT',
  deposit_tolerance_percent: '%',
};

/**
 * What is wrong with a typed value, by the rule the server applies (the contract's), as the
 * screen's message key and its parameters; undefined when the value is fine.
 */
export function settingIssue(
  key: EditableSettingKey,
  value: string | undefined,
): { messageKey: string; params: Record<string, string> } | undefined {
  const checked = checkSettingValue(key, String(value ?? '').trim());
  if (!('issue' in checked)) return undefined;
  return {
    messageKey: `settings.issues.${checked.issue.key.replace('validation.', '')}`,
    params: checked.issue.params,
  };
}
