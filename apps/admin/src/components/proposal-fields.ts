import type { ProposalKind } from '@meridian/contract/proposals-staff';
import type { TFunction } from 'i18next';

// How the fields of a change are named and shown in words, for the confirmations and the Proposals
// screen: the same labels as the screens that edit them.

const COIN_LABELS: Record<string, string> = {
  address: 'funds.channels.address',
  min: 'funds.channels.min',
  max: 'funds.channels.max',
  usd_per_unit: 'funds.channels.usdPerUnit',
  enabled: 'funds.channels.enabled',
};

const STAFF_LABELS: Record<string, string> = {
  email: 'staffAdmin.email',
  name: 'staffAdmin.name',
  role: 'staffAdmin.role',
};

/** The setting's key in a target named `setting:<key>`. */
const settingKeyOf = (target: string) => target.slice(target.indexOf(':') + 1);

export function fieldLabel(t: TFunction, kind: ProposalKind, target: string, field: string): string {
  switch (kind) {
    case 'deposit_channel':
      return t(COIN_LABELS[field] ?? field);
    case 'wire_account':
      return field === 'enabled' ? t('funds.channels.enabled') : t(`funds.channels.wire.${field}`);
    case 'setting':
      return t(`settings.keys.${settingKeyOf(target)}.label`, { defaultValue: settingKeyOf(target) });
    case 'staff_role':
    case 'staff_create':
      return t(STAFF_LABELS[field] ?? field);
  }
}

export function fieldValue(
  t: TFunction,
  kind: ProposalKind,
  target: string,
  field: string,
  value: string,
): string {
  if (field === 'enabled') return value === '1' ? t('funds.channels.on') : t('funds.channels.off');
  if (field === 'role') return t(`roles.${value}`, { defaultValue: value });
  if (kind === 'setting') {
    const option = `settings.keys.${settingKeyOf(target)}.options.${value}`;
    return t(option, { defaultValue: '' }) ? `${value} · ${t(option)}` : value;
  }
  return value;
}

/** What a proposal changes, in words: a setting by its name on the settings screen, else the server's label. */
export function targetLabel(
  t: TFunction,
  proposal: { kind: ProposalKind; target: string; target_label: string },
) {
  if (proposal.kind !== 'setting') return proposal.target_label;
  return t(`settings.keys.${settingKeyOf(proposal.target)}.label`, { defaultValue: proposal.target_label });
}
