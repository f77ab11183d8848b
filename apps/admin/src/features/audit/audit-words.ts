import type { TFunction } from 'i18next';
import { formatDateTime, formatNumber } from '../../lib/format';

/**
 * The audit log in words: an action key (`funds.withdrawals_read`) as a phrase ("Viewed
 * withdrawals"), a target (`user:6`) as the object it names ("Customer #6"), and a recorded value
 * as a person reads it (`1000000.00000000` -> "1,000,000"). A key the back office does not know
 * yet (an entry written by a newer server) is shown as it is rather than hidden.
 */

/** The locale key of an action's phrase: `auditActions.<area>.<name>`. */
export function actionPhraseKey(action: string): string {
  return `auditActions.${action}`;
}

export function actionPhrase(t: TFunction, action: string): string {
  return t(actionPhraseKey(action), { defaultValue: action });
}

const TARGET = /^([a-z_]+):(.+)$/;

/** "user:6" -> "Customer #6"; a staff target names the member when the list of staff is at hand. */
export function targetPhrase(
  t: TFunction,
  target: string | null,
  staffNames?: ReadonlyMap<number, string>,
): string {
  if (target === null || target === '') return '-';
  const match = TARGET.exec(target);
  if (!match) return target;
  const [, kind = '', id = ''] = match;
  const staffName = kind === 'staff' ? staffNames?.get(Number(id)) : undefined;
  if (staffName !== undefined) return t('audit.staffNamed', { name: staffName, id });
  return t(`auditTargets.${kind}`, { id, defaultValue: target });
}

const DECIMAL = /^-?\d+\.\d+$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A recorded value as a person reads it: decimals without trailing zeros, moments in local time. */
export function detailValue(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') {
    if (value === '') return '""';
    if (DECIMAL.test(value)) return formatNumber(value);
    if (MOMENT.test(value)) return formatDateTime(value);
    return value;
  }
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
