import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/migrate';
import { instruments, orders, tradingAccounts } from '../../db/schema';

/** Open positions of one instrument in one kind of account; lots are numeric text. */
export type InstrumentExposure = {
  mode: 'real' | 'demo';
  instrumentId: number;
  code: string;
  positions: number;
  longLots: string;
  shortLots: string;
  netLots: string;
};

/**
 * The open positions (held orders) by account kind and instrument: long (buy) and short (sell) lots
 * and the net, for the back office's dashboard. Pending orders are not positions yet.
 */
export async function openExposure(db: DbOrTx): Promise<InstrumentExposure[]> {
  const result = await db.execute(sql`
    select ${tradingAccounts.mode} as mode, ${instruments.id} as instrument_id, ${instruments.showCode} as code,
      count(*)::int as positions,
      coalesce(sum(${orders.lots}) filter (where ${orders.side} = 'buy'), 0)::text as long_lots,
      coalesce(sum(${orders.lots}) filter (where ${orders.side} = 'sell'), 0)::text as short_lots,
      (coalesce(sum(${orders.lots}) filter (where ${orders.side} = 'buy'), 0)
        - coalesce(sum(${orders.lots}) filter (where ${orders.side} = 'sell'), 0))::text as net_lots
    from ${orders}
    join ${tradingAccounts} on ${tradingAccounts.id} = ${orders.accountId}
    join ${instruments} on ${instruments.id} = ${orders.instrumentId}
    where ${orders.status} = 'holding'
    group by ${tradingAccounts.mode}, ${instruments.id}, ${instruments.showCode}, ${instruments.sort}
    order by ${tradingAccounts.mode} desc, ${instruments.sort}, ${instruments.id}
  `);
  return rowsOf<{
    mode: 'real' | 'demo';
    instrument_id: number;
    code: string;
    positions: number;
    long_lots: string;
    short_lots: string;
    net_lots: string;
  }>(result).map((row) => ({
    mode: row.mode,
    instrumentId: Number(row.instrument_id),
    code: row.code,
    positions: Number(row.positions),
    longLots: row.long_lots,
    shortLots: row.short_lots,
    netLots: row.net_lots,
  }));
}
