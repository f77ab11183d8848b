import type pg from 'pg';

/**
 * The benchmark's rows, written with SQL (minutes of HTTP otherwise).
 *
 * - `addRestingTriggers`: background accounts (a demo user and account each, balance 0) holding
 *   positions with a stop-loss and a take-profit half the price away and half again above it, so no
 *   quote of the run ever crosses them: 2 triggers per position, spread over every instrument
 *   (each background account holds one instrument). Their margin and fee are 0 and they have no
 *   ledger entries: they never close, they are there to be loaded into the engine's index and
 *   figures at start (real rows, read by the engine's rebuild like any other).
 * - `addPositions`: holding buys of 0.01 lot at leverage 100 on the benchmark's own accounts, each
 *   with its margin reserved in the ledger (a pair of entries, as a real open writes) and the
 *   account's balance lowered by it, so that closing them is the real close: margin back, realised
 *   profit, the balance after each entry. A stop-loss when the engine is to close them; none for the
 *   floor's twins (the floor closes them with SQL alone).
 */
export async function addRestingTriggers(
  client: pg.ClientBase,
  request: { positions: number; accounts: number },
): Promise<void> {
  await client.query('begin');
  try {
    await client.query(
      `with new_users as (
         insert into users (uid, is_demo, demo_device_id, invite_code, language, created_at)
         select 'tick-bg-' || i, true, 'tick-bg-' || i, 'TICKBG' || i, 'en', now()
         from generate_series(1, $1::int) as i
         returning id
       )
       insert into trading_accounts (user_id, mode, balance, updated_at)
       select id, 'demo', 0, now() from new_users`,
      [request.accounts],
    );
    await client.query(`
      create temporary table tick_bg on commit drop as
      select a.id as account_id, a.user_id, (row_number() over (order by a.id) - 1)::int as k
      from trading_accounts a join users u on u.id = a.user_id where u.uid like 'tick-bg-%'`);
    await client.query(`
      create temporary table tick_inst on commit drop as
      select id, price_precision, base_price, units_per_lot, (row_number() over (order by id) - 1)::int as k
      from instruments`);
    await client.query(
      `insert into orders (user_id, account_id, instrument_id, side, entry_type, status, lots, leverage, units_per_lot,
                           origin_price, open_price, margin, fee, stop_loss, take_profit, created_at, opened_at, updated_at)
       select bg.user_id, bg.account_id, inst.id, case when g % 2 = 0 then 'buy' else 'sell' end, 'market', 'holding',
              0.01, 100, inst.units_per_lot, inst.base_price, inst.base_price, 0, 0,
              round(inst.base_price * case when g % 2 = 0 then 0.5 else 1.5 end, inst.price_precision),
              round(inst.base_price * case when g % 2 = 0 then 1.5 else 0.5 end, inst.price_precision),
              now(), now(), now()
       from generate_series(0, $1::int - 1) as g
       join tick_bg bg on bg.k = g % $2::int
       join tick_inst inst on inst.k = bg.k % (select count(*)::int from tick_inst)`,
      [request.positions, request.accounts],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Holding buys spread over `accounts` in turn (position i on accounts[i % accounts.length]); answers their ids in that order. */
export async function addPositions(
  client: pg.ClientBase,
  request: {
    count: number;
    accounts: readonly { accountId: number; userId: number }[];
    instrumentId: number;
    openPrice: string;
    stopLoss: string | null;
  },
): Promise<number[]> {
  const accountIds = request.accounts.map((account) => account.accountId);
  const userIds = request.accounts.map((account) => account.userId);
  await client.query('begin');
  try {
    const inserted = await client.query(
      `insert into orders (user_id, account_id, instrument_id, side, entry_type, status, lots, leverage, units_per_lot,
                           origin_price, open_price, margin, fee, stop_loss, created_at, opened_at, updated_at)
       select ($2::int[])[1 + g % cardinality($2::int[])], ($1::int[])[1 + g % cardinality($1::int[])], i.id, 'buy', 'market',
              'holding', 0.01, 100, i.units_per_lot, $4::numeric, $4::numeric,
              round($4::numeric * 0.01 * i.units_per_lot / 100, 8), 0, $5::numeric, now(), now(), now()
       from generate_series(0, $3::int - 1) as g, instruments i where i.id = $6
       order by g
       returning id, account_id, margin`,
      [accountIds, userIds, request.count, request.openPrice, request.stopLoss, request.instrumentId],
    );
    await client.query(
      `with new_orders as (
         select o.id, o.account_id, o.margin,
                a.balance - sum(o.margin) over (partition by o.account_id order by o.id) as balance_after
         from orders o join trading_accounts a on a.id = o.account_id where o.id = any($1::int[])
       ), entries as (
         select account_id, 'balance' as bucket, id, -margin as amount, balance_after, 1 as n from new_orders
         union all
         select account_id, 'margin', id, margin, margin, 2 from new_orders
       )
       insert into ledger_entries (account_id, bucket, order_id, amount, balance_after, kind, memo_key, memo_params, created_at)
       select account_id, bucket, id, amount, balance_after, 'margin_reserve', 'ledger.margin_reserve', '{}'::jsonb, now()
       from entries order by id, n`,
      [inserted.rows.map((row: { id: number }) => row.id)],
    );
    await client.query(
      `update trading_accounts a set balance = a.balance - held.total, updated_at = now()
       from (select account_id, sum(margin) as total from orders where id = any($1::int[]) group by account_id) held
       where a.id = held.account_id`,
      [inserted.rows.map((row: { id: number }) => row.id)],
    );
    await client.query('commit');
    return inserted.rows.map((row: { id: number }) => Number(row.id));
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
