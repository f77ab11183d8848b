import { type FuzzApp, queryRows } from './fuzz-app';

/**
 * A cheap fingerprint of every business table, to show that a refused call wrote nothing: row
 * counts, and a digest of the rows a refusal must never change (orders with their stops, accounts
 * with their balances, follows, traders, support, real-name submissions, uploads, deposits,
 * withdrawals and their approvals, withdraw methods, deposit channels). Left out on
 * purpose: a session's last_seen_at (sliding expiry, touched by any signed-in call), verification
 * codes and captchas (a wrong code counts a try, by design), the audit log (a refused staff login
 * is audited, by design) and candles.
 */
export async function businessFingerprint(t: FuzzApp): Promise<string> {
  const digest = (table: string, alias: string) =>
    `(select '${table} ' || count(*) || ':' || md5(coalesce(string_agg(${alias}::text, ',' order by ${alias}.id), '')) from ${table} ${alias})`;
  const [row] = await queryRows<{ fingerprint: string }>(
    t,
    `select concat_ws(' | ',
      ${digest('orders', 'o')},
      (select 'ledger_entries ' || count(*) || ':' || coalesce(sum(amount), 0) || ':' || coalesce(max(id), 0) from ledger_entries),
      ${digest('trading_accounts', 'a')},
      ${digest('users', 'u')},
      (select 'sessions ' || count(*) || ':' || md5(coalesce(string_agg(s.id || '/' || coalesce(s.revoked_at::text, ''), ',' order by s.id), '')) from sessions s),
      (select 'staff_sessions ' || count(*) || ':' || md5(coalesce(string_agg(s.id || '/' || coalesce(s.revoked_at::text, ''), ',' order by s.id), '')) from staff_sessions s),
      ${digest('follows', 'f')},
      ${digest('traders', 'tr')},
      ${digest('copy_skips', 'k')},
      ${digest('support_conversations', 'c')},
      ${digest('support_messages', 'm')},
      ${digest('real_name_submissions', 'r')},
      ${digest('uploads', 'up')},
      ${digest('deposits', 'dp')},
      ${digest('withdrawals', 'wd')},
      ${digest('withdrawal_approvals', 'wa')},
      ${digest('draw_methods', 'dm')},
      ${digest('deposit_channels', 'dc')}
    ) as fingerprint`,
  );
  if (!row) throw new Error('no fingerprint');
  return row.fingerprint;
}

/** The tables whose part of two fingerprints differs (each part starts with its table's name). */
export function changedTables(before: string, after: string): string[] {
  const parts = (fingerprint: string) =>
    new Map(fingerprint.split(' | ').map((part) => [part.slice(0, part.indexOf(' ')), part]));
  const old = parts(before);
  return [...parts(after)].filter(([table, part]) => old.get(table) !== part).map(([table]) => table);
}
