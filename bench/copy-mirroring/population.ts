import type pg from 'pg';

/**
 * The followers, written in bulk with SQL (the demo login would take minutes for 10,000 users and
 * is rate-limited per address). Each follower is what a demo login makes: a demo user, a demo
 * account, and one `demo_credit` ledger entry whose amount is the account's balance (ARCHITECTURE.md
 * Principle 1: the balance equals the sum of its entries); then an active follow of the trader in
 * ratio mode (ratio 1, amount 1000, no copy stop-loss), copying since `since`.
 */
export async function addFollowers(
  client: pg.ClientBase,
  request: { count: number; traderId: number; demoBalance: string; since: Date },
): Promise<void> {
  await client.query('begin');
  try {
    await client.query(
      `with new_users as (
         insert into users (uid, is_demo, demo_device_id, invite_code, language, created_at)
         select 'bench-' || i, true, 'bench-follower-' || i, 'BENCH' || i, 'en', $2
         from generate_series(1, $1::int) as i
         returning id
       ), new_accounts as (
         insert into trading_accounts (user_id, mode, balance, updated_at)
         select id, 'demo', $3::numeric, $2 from new_users
         returning id, user_id
       ), credits as (
         insert into ledger_entries (account_id, bucket, amount, balance_after, kind, memo_key, memo_params, created_at)
         select id, 'balance', $3::numeric, $3::numeric, 'demo_credit', 'ledger.demo_credit', '{}'::jsonb, $2
         from new_accounts
       )
       insert into follows (follower_user_id, follower_account_id, trader_id, mode, ratio, amount, state,
                            active_since, created_at, updated_at)
       select user_id, id, $4, 'ratio', 1, 1000, 'active', $2, $2, $2 from new_accounts`,
      [request.count, request.since, request.demoBalance, request.traderId],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  // A server that has run a while has its planner statistics (autovacuum); a bulk load has none yet.
  await client.query('analyze users, trading_accounts, ledger_entries, follows, orders, copy_skips');
}
