import { toDecimal } from '@meridian/domain/money';
import type pg from 'pg';

/**
 * The machine's floor: the SQL of the engine's batched close (triggers.service `closeByTriggers`,
 * position-closing `closeManyInTransaction`, the ledger's bulk posting, the execution records),
 * statement for statement and in the same chunks, sent straight to PostgreSQL by one node-postgres
 * client with no server around it. Every value is computed before the clock starts (the balances
 * and margins are read first, untimed), so what is timed is PostgreSQL's own work and the round
 * trips: per chunk `begin`, the accounts locked, the orders read, the orders closed, the margin
 * they hold read, the ledger entries inserted, the balances written, the execution records
 * inserted, `commit`.
 */

const LOCK_ACCOUNTS = 'select * from trading_accounts where id = any($1::int[]) order by id for update';
const READ_ORDERS = 'select * from orders where id = any($1::int[]) order by id';
const CLOSE_ORDERS = `update orders as target
  set status = 'closed', close_price = next.close_price, realised_profit = next.realised_profit,
      close_reason = next.reason, closed_at = $5, updated_at = $5, version = target.version + 1
  from unnest($1::int[], $2::numeric[], $3::numeric[], $4::text[]) as next(id, close_price, realised_profit, reason)
  where target.id = next.id and target.status = 'holding'
  returning target.*`;
const MARGIN_HELD = `select wanted.account_id, wanted.order_id, held.total
  from unnest($1::int[], $2::int[]) as wanted(account_id, order_id)
  cross join lateral (
    select sum(entry.amount)::text as total from ledger_entries entry
    where entry.account_id = wanted.account_id and entry.order_id = wanted.order_id and entry.bucket = 'margin'
  ) held
  where held.total is not null`;
const INSERT_ENTRIES = `insert into ledger_entries (account_id, bucket, order_id, amount, balance_after, kind, reference, memo_key,
                              memo_params, author, created_at)
  select account_id, bucket, order_id, amount, balance_after, kind, reference, memo_key, memo_params::jsonb, author, created_at
  from unnest($1::int[], $2::text[], $3::int[], $4::numeric[], $5::numeric[], $6::text[], $7::text[], $8::text[],
              $9::text[], $10::text[], $11::timestamptz[])
    with ordinality as row(account_id, bucket, order_id, amount, balance_after, kind, reference, memo_key,
                           memo_params, author, created_at, n)
  order by n
  returning id`;
const UPDATE_BALANCES = `update trading_accounts as account
  set balance = next.balance, lock_balance = next.lock_balance, updated_at = $6
  from unnest($1::int[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[])
    as next(id, balance, lock_balance, previous_balance, previous_lock_balance)
  where account.id = next.id and account.balance = next.previous_balance
    and account.lock_balance = next.previous_lock_balance
  returning account.id`;
const INSERT_RECORDS = `insert into execution_records (order_id, account_id, kind, side, price, bid, ask, markup_points, source,
    quoted_at, feed_at, requested_at, filled_at, trigger_price, crossing_bid, crossing_ask)
  select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[],
    $8::int[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[], $13::timestamptz[],
    $14::numeric[], $15::numeric[], $16::numeric[])`;

/** Statements per chunk, `begin` and `commit` included. */
export const FLOOR_STATEMENTS_PER_CHUNK = 9;

type Chunk = { values: unknown[][] };

/** Prepares the closes of `orderIds` at `closePrice` on the quote (bid, ask), in chunks of `chunkSize`. */
export async function prepareFloor(
  client: pg.ClientBase,
  request: { orderIds: readonly number[]; closePrice: string; bid: string; ask: string; chunkSize: number },
): Promise<Chunk[]> {
  const orders = (
    await client.query(
      `select o.id, o.account_id, o.open_price::text as open, o.lots::text as lots, o.units_per_lot::text as units,
              o.margin::text as margin
       from orders o where o.id = any($1::int[]) order by o.account_id, o.id`,
      [request.orderIds],
    )
  ).rows as { id: number; account_id: number; open: string; lots: string; units: string; margin: string }[];
  const balances = new Map(
    (
      await client.query(
        'select id, balance::text as balance, lock_balance::text as lock from trading_accounts where id = any($1::int[])',
        [[...new Set(orders.map((order) => order.account_id))]],
      )
    ).rows.map((row: { id: number; balance: string; lock: string }) => [
      Number(row.id),
      { balance: toDecimal(row.balance), lock: row.lock },
    ]),
  );
  const at = new Date().toISOString();
  const chunks: Chunk[] = [];
  for (let start = 0; start < orders.length; start += request.chunkSize) {
    const slice = orders.slice(start, start + request.chunkSize);
    const accountIds = [...new Set(slice.map((order) => Number(order.account_id)))].sort((a, b) => a - b);
    const before = new Map(accountIds.map((id) => [id, balances.get(id)?.balance.toFixed() ?? '0']));
    const profits = slice.map((order) =>
      toDecimal(request.closePrice)
        .minus(order.open)
        .times(order.lots)
        .times(order.units)
        .toDecimalPlaces(6)
        .toFixed(),
    );
    const entries: unknown[][] = [[], [], [], [], [], [], [], [], [], [], []];
    const push = (row: unknown[]) => {
      for (const [index, value] of row.entries()) entries[index]?.push(value);
    };
    slice.forEach((order, index) => {
      const account = Number(order.account_id);
      const figures = balances.get(account) as { balance: ReturnType<typeof toDecimal>; lock: string };
      const released = figures.balance.plus(order.margin);
      const after = released.plus(profits[index] as string);
      const memo = (kind: string) => `ledger.${kind}`;
      push([
        account,
        'balance',
        order.id,
        order.margin,
        released.toFixed(),
        'margin_release',
        null,
        memo('margin_release'),
        '{}',
        null,
        at,
      ]);
      push([
        account,
        'margin',
        order.id,
        toDecimal(order.margin).negated().toFixed(),
        '0',
        'margin_release',
        null,
        memo('margin_release'),
        '{}',
        null,
        at,
      ]);
      push([
        account,
        'balance',
        order.id,
        profits[index],
        after.toFixed(),
        'realized_pnl',
        null,
        memo('realized_pnl'),
        '{}',
        null,
        at,
      ]);
      figures.balance = after;
    });
    const lockOf = (id: number) => balances.get(id)?.lock ?? '0';
    chunks.push({
      values: [
        [accountIds],
        [slice.map((order) => order.id)],
        [
          slice.map((order) => order.id),
          slice.map(() => request.closePrice),
          profits,
          slice.map(() => 'stop_loss'),
          at,
        ],
        [slice.map((order) => order.account_id), slice.map((order) => order.id)],
        entries,
        [
          accountIds,
          accountIds.map((id) => balances.get(id)?.balance.toFixed()),
          accountIds.map(lockOf),
          accountIds.map((id) => before.get(id)),
          accountIds.map(lockOf),
          at,
        ],
        [
          slice.map((order) => order.id),
          slice.map((order) => order.account_id),
          slice.map(() => 'stop_loss'),
          slice.map(() => 'buy'),
          slice.map(() => request.closePrice),
          slice.map(() => request.bid),
          slice.map(() => request.ask),
          slice.map(() => 0),
          slice.map(() => 'simulator'),
          slice.map(() => at),
          slice.map(() => null),
          slice.map(() => at),
          slice.map(() => at),
          slice.map(() => request.closePrice),
          slice.map(() => request.bid),
          slice.map(() => request.ask),
        ],
      ],
    });
  }
  return chunks;
}

/**
 * Runs the prepared chunks, one transaction each, on as many clients as the engine keeps batches in
 * flight (each client takes the next chunk when it is done); answers the milliseconds.
 */
export async function runFloor(clients: readonly pg.ClientBase[], chunks: readonly Chunk[]): Promise<number> {
  const texts = [
    LOCK_ACCOUNTS,
    READ_ORDERS,
    CLOSE_ORDERS,
    MARGIN_HELD,
    INSERT_ENTRIES,
    UPDATE_BALANCES,
    INSERT_RECORDS,
  ];
  const started = performance.now();
  let next = 0;
  const worker = async (client: pg.ClientBase) => {
    while (next < chunks.length) {
      const chunk = chunks[next] as Chunk;
      next += 1;
      const orders = ((chunk.values[1] as unknown[][])[0] as unknown[]).length;
      const accounts = ((chunk.values[0] as unknown[][])[0] as unknown[]).length;
      await client.query('begin');
      for (const [index, text] of texts.entries()) {
        const result = await client.query(text, chunk.values[index]);
        if (index === 2 && result.rowCount !== orders)
          throw new Error(`the floor closed ${result.rowCount} of ${orders} orders`);
        if (index === 5 && result.rowCount !== accounts)
          throw new Error('the floor balance update touched fewer accounts than it locked');
      }
      await client.query('commit');
    }
  };
  await Promise.all(clients.slice(0, Math.max(1, Math.min(clients.length, chunks.length))).map(worker));
  return performance.now() - started;
}
