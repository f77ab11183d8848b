import { z } from 'zod';
import { cacheBuster, serverText, textOrNumber } from './fields';
import { LIMITS } from './limits';
import { comparePlainDecimals, PLAIN_NON_NEGATIVE } from './plain-decimal';
import { proposalOutcomeFields } from './proposal-outcome';

/**
 * The back office's settings, under /admin/api behind the staff guard:
 * permission `settings.edit` (role `admin`).
 *
 * - GET  /admin/api/settings               -> StaffSettingList  each editable setting, its value,
 *        the value a fresh installation has, and when it last changed
 * - POST /admin/api/settings/update {key, value} -> StaffSettingUpdate  validated by the key's rule
 *        (`SETTING_RULES`); a money setting (`MONEY_SETTING_KEYS`) is proposed (proposals-staff.ts),
 *        the others applied at once (readers read the settings table; the trading terms'
 *        cache and the trigger engine's stop-out level are refreshed on this node at once, on the
 *        others within a few seconds), audited with before and after in the same transaction.
 *
 * The company name and the complaint e-mail are the content screen's (content-staff.ts).
 */

export const EDITABLE_SETTING_KEYS = [
  'service_link',
  'service_link_type',
  'verify_reg_type',
  'trade_fee_type',
  'is_show_mobile',
  'demo_balance',
  'stop_out_level',
  'withdraw_four_eyes_usd',
  'deposit_tolerance_percent',
  'proposal_expiry_hours',
  'feed_spike_factor',
  'feed_stale_seconds',
  'real_trading_on_simulated_prices',
] as const;
export type EditableSettingKey = (typeof EDITABLE_SETTING_KEYS)[number];

/** How a setting's value is checked: one of a few codes, a decimal in a range, or a link. */
export type SettingRule =
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'decimal'; min: string; max: string; places: number; minExclusive: boolean }
  | { kind: 'link' };

export const SETTING_RULES: Record<EditableSettingKey, SettingRule> = {
  /** A path of the customer app (`/mine/chat`) or an https address of an outside chat. */
  service_link: { kind: 'link' },
  /** 2 dialog with a copy button, 3 same window, 1 a new window (spec section 2). */
  service_link_type: { kind: 'choice', options: ['1', '2', '3'] },
  /** 1 a code by e-mail or SMS at registration, 2 an image captcha. */
  verify_reg_type: { kind: 'choice', options: ['1', '2'] },
  /** 1 fee = rate x lots, 2 fee = rate x margin (spec section 9). */
  trade_fee_type: { kind: 'choice', options: ['1', '2'] },
  /** 1 registration shows area code and number, 3 number only. */
  is_show_mobile: { kind: 'choice', options: ['1', '3'] },
  /** USDT a demo account starts with (and is reset to). */
  demo_balance: { kind: 'decimal', min: '0', max: '100000000', places: 2, minExclusive: true },
  /** Risk rate (percent) at or below which positions are stopped out. */
  stop_out_level: { kind: 'decimal', min: '0', max: '100', places: 2, minExclusive: true },
  /** Withdrawals and deposit credits above this many USDT need two approvals (0: every one). */
  withdraw_four_eyes_usd: { kind: 'decimal', min: '0', max: '100000000', places: 2, minExclusive: false },
  /** How far (percent of the suggested credit) a deposit credit may differ with one approver. */
  deposit_tolerance_percent: { kind: 'decimal', min: '0', max: '100', places: 2, minExclusive: false },
  /** Hours a proposed control change waits for a second admin before it expires (1 hour to 30 days). */
  proposal_expiry_hours: { kind: 'decimal', min: '1', max: '720', places: 0, minExclusive: false },
  /** A real feed's spike filter: times the median recent move past which a quote is held. */
  feed_spike_factor: { kind: 'decimal', min: '2', max: '1000', places: 1, minExclusive: false },
  /** Seconds without a good quote from a real feed, in trading hours, before prices pause. */
  feed_stale_seconds: { kind: 'decimal', min: '1', max: '3600', places: 0, minExclusive: false },
  /** 1 real accounts may open orders on simulated prices, 0 they may not. */
  real_trading_on_simulated_prices: { kind: 'choice', options: ['0', '1'] },
};

/**
 * The money settings: a change to one of these is proposed and applied only when
 * a second admin approves it; the others apply at once. The one list the server and the back office
 * read (docs/decisions.md, "Proposed changes under a second admin", says why each is or is not one).
 */
export const MONEY_SETTING_KEYS: readonly EditableSettingKey[] = [
  'withdraw_four_eyes_usd',
  'deposit_tolerance_percent',
  'stop_out_level',
  'trade_fee_type',
  'proposal_expiry_hours',
  'real_trading_on_simulated_prices',
];

export function isMoneySetting(key: EditableSettingKey): boolean {
  return MONEY_SETTING_KEYS.includes(key);
}

/**
 * An internal path or an https address. No backslash anywhere: a browser reads `/\host` (like
 * `//host`) as another host.
 */
const INTERNAL_PATH = /^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/;
const HTTPS_ADDRESS = /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:\/[\x21-\x5b\x5d-\x7e]*)?$/i;

/** A refusal of a setting's value: a message key and its parameters. */
export type SettingIssue = { key: string; params: Record<string, string> };

/**
 * Checks a value against its key's rule; answers the value as stored (a decimal without
 * trailing zeros) or the refusal. The server and the back office's form use the same rule.
 */
export function checkSettingValue(
  key: EditableSettingKey,
  value: string,
): { value: string } | { issue: SettingIssue } {
  const rule = SETTING_RULES[key];
  if (rule.kind === 'choice') {
    if (rule.options.includes(value)) return { value };
    return { issue: { key: 'validation.setting_choice', params: { options: rule.options.join(', ') } } };
  }
  if (rule.kind === 'link') {
    if (INTERNAL_PATH.test(value) || HTTPS_ADDRESS.test(value)) return { value };
    return { issue: { key: 'validation.setting_link', params: {} } };
  }
  const range = {
    key: rule.minExclusive ? 'validation.setting_range_positive' : 'validation.setting_range',
    params: { min: rule.min, max: rule.max, places: String(rule.places) },
  };
  const match = PLAIN_NON_NEGATIVE.exec(value);
  if (!match || value.length > LIMITS.instrumentTermTextLengthMax) return { issue: range };
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > rule.places) return { issue: range };
  const low = comparePlainDecimals(value, rule.min);
  if (low < 0 || (rule.minExclusive && low === 0) || comparePlainDecimals(value, rule.max) > 0)
    return { issue: range };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  return { value: fraction ? `${whole}.${fraction}` : whole };
}

export const SettingKeyField = z.enum(EDITABLE_SETTING_KEYS, { error: 'validation.invalid_choice' });

export const UpdateSettingRequest = z.object({
  key: SettingKeyField,
  /** Checked by the key's rule (`checkSettingValue`). */
  value: textOrNumber(LIMITS.settingValueLengthMax),
  t: cacheBuster,
});
export type UpdateSettingRequest = z.infer<typeof UpdateSettingRequest>;

export const StaffSetting = z.object({
  key: SettingKeyField,
  value: serverText(),
  /** The value a fresh installation has. */
  default_value: serverText(),
  /** ISO 8601; '' when never stored. */
  updated_at: serverText(),
});
export type StaffSetting = z.infer<typeof StaffSetting>;

/** The answer of an update: the setting as in force, and whether the change applied or awaits a second admin. */
export const StaffSettingUpdate = StaffSetting.extend(proposalOutcomeFields);
export type StaffSettingUpdate = z.infer<typeof StaffSettingUpdate>;

export const StaffSettingList = z.object({ list: z.array(StaffSetting) });
export type StaffSettingList = z.infer<typeof StaffSettingList>;

export const SettingListQuery = z.object({ t: cacheBuster });
