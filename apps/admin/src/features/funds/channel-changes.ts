import type { StaffCoinChannel, StaffWireAccount } from '@meridian/contract/funds-staff';

/**
 * What a channel or wire account edit sends and shows, apart from its form: the changed fields,
 * the fields as proposals hold them, and whether the change waits for a second admin.
 */

/** A form's values: text fields, and the switch as a boolean. */
type FormValues = Record<string, unknown>;
export type ChannelChanges = Record<string, string | number>;

/** Only the fields the form changed, trimmed; a switch as 0/1. */
export function changesOf<T extends Record<string, unknown>>(before: T, values: FormValues): ChannelChanges {
  const changes: ChannelChanges = {};
  for (const [name, value] of Object.entries(values)) {
    const next =
      typeof value === 'boolean' ? (value ? 1 : 0) : typeof value === 'string' ? value.trim() : value;
    if (next === undefined || next === null || next === before[name]) continue;
    changes[name] = next as string | number;
  }
  return changes;
}

/** A form's changes as text fields, as proposals hold them (a switch as 1/0). */
export function asFields(values: ChannelChanges): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
}

/** Switching a channel off alone applies at once (it stops money); every other change waits for a second admin. */
export function needsSecondAdmin(after: Record<string, string>): boolean {
  return !(Object.keys(after).length === 1 && after.enabled === '0');
}

/** Enabled channels and accounts still on their placeholder, which no money can reach. */
export function placeholdersLeft(
  channels:
    | {
        coin: readonly Pick<StaffCoinChannel, 'address_placeholder' | 'enabled'>[];
        wire: readonly Pick<StaffWireAccount, 'placeholder' | 'enabled'>[];
      }
    | undefined,
): number {
  return (
    (channels?.coin.filter((one) => one.address_placeholder === 1 && one.enabled === 1).length ?? 0) +
    (channels?.wire.filter((one) => one.placeholder === 1 && one.enabled === 1).length ?? 0)
  );
}

/** A coin channel's name: the currency, and its network when that is another ("USDT TRC20"). */
export function coinChannelName(channel: { currency_code: string; protocol_code: string }): string {
  return channel.protocol_code === channel.currency_code
    ? channel.currency_code
    : `${channel.currency_code} ${channel.protocol_code}`;
}
