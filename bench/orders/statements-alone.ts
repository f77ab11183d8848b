import Decimal from 'decimal.js';
import pg from 'pg';

/**
 * The database's share of an order, without the server: the five statements one market order sends
 * (as the server's statement log shows them for the benchmark's order: begin, the account's row
 * lock, the order's insert with its user's live-order count, the ledger posting of three entries and
 * the balances, commit), as named prepared statements on a node-postgres pool like the server's,
 * `workers` at a time, on accounts of the benchmark's users. Its rate is what PostgreSQL on this
 * machine allows an order at best: the ceiling of the HTTP rate, whatever the server's own cost.
 *
 * Each transaction keeps the books as an order does: the balance falls by margin + fee, the margin
 * is held by the order, and the entries sum to the fee, so the run's check of every account still
 * holds afterwards.
 */
const LOCK = 'select * from trading_accounts where id = $1 for update';
const INSERT_ORDER = `insert into orders (user_id, account_id, instrument_id, side, entry_type, status, lots, leverage,
    units_per_lot, origin_price, target_price, open_price, margin, fee, stop_loss, take_profit, idempotency_key,
    created_at, opened_at, updated_at)
  values ($1, $2, $3, 'buy', 'market', 'holding', '0.01', 50, $4, $5, null, $5, $6, $7, null, null, null, $8, $8, $8)
  returning *, (select count(*)::int from orders as others where others.user_id = orders.user_id
    and others.status in ('pending', 'holding') and others.id <> orders.id) as live_orders_before`;
const POST = `with entries as (
    insert into ledger_entries (account_id, bucket, order_id, amount, balance_after, kind, reference, memo_key,
      memo_params, author, created_at)
    values ($1, 'balance', $2, -$3::numeric, $5, 'margin_reserve', null, 'ledger.margin_reserve', '{}', null, $7),
           ($1, 'margin', $2, $3, $3, 'margin_reserve', null, 'ledger.margin_reserve', '{}', null, $7),
           ($1, 'balance', $2, -$4::numeric, $6, 'trade_fee', null, 'ledger.trade_fee', '{}', null, $7)
    returning ledger_entries.id
  ), account as (
    update trading_accounts set balance = $6, lock_balance = $9, updated_at = $7
    where id = $1 and balance = $8 and lock_balance = $9
    returning id
  )
  select entries.id, (select count(*) from account)::int as accounts_updated from entries order by entries.id`;

export type AloneResult = { samplesMs: number[]; seconds: number; orders: number };

export async function orderStatementsAlone(options: {
  databaseUrl: string;
  schema: string;
  poolSize: number;
  workers: number;
  count: number;
  instrumentId: number;
  /** An order's terms as the server priced them: units per lot, fill price, margin, fee. */
  terms: { unitsPerLot: string; price: string; margin: string; fee: string };
}): Promise<AloneResult> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize,
    options: `-c search_path=${options.schema}`,
  });
  const accounts = (
    await pool.query<{ id: number; user_id: number }>('select id, user_id from trading_accounts order by id')
  ).rows;
  if (accounts.length === 0) throw new Error('no accounts to place orders on');
  const { terms } = options;
  const samplesMs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.workers }, async () => {
      while (next < options.count) {
        const account = accounts[next % accounts.length] as { id: number; user_id: number };
        next += 1;
        const begin = performance.now();
        const client = await pool.connect();
        try {
          await client.query('begin');
          const locked = await client.query({ name: 'alone_lock', text: LOCK, values: [account.id] });
          const before = locked.rows[0] as { balance: string; lock_balance: string };
          const at = new Date();
          const order = await client.query({
            name: 'alone_order',
            text: INSERT_ORDER,
            values: [
              account.user_id,
              account.id,
              options.instrumentId,
              terms.unitsPerLot,
              terms.price,
              terms.margin,
              terms.fee,
              at,
            ],
          });
          const orderId = (order.rows[0] as { id: number }).id;
          // The balances after each entry, computed here as the server computes them (not by the statement).
          const afterMargin = new Decimal(before.balance).minus(terms.margin);
          const afterFee = afterMargin.minus(terms.fee);
          await client.query({
            name: 'alone_post',
            text: POST,
            values: [
              account.id,
              orderId,
              terms.margin,
              terms.fee,
              afterMargin.toFixed(),
              afterFee.toFixed(),
              at,
              before.balance,
              before.lock_balance,
            ],
          });
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
        samplesMs.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return { samplesMs, seconds, orders: samplesMs.length };
}
