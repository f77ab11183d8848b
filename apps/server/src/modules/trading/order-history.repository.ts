import type { CustomerOrderSortKey, SortOrder } from '@meridian/contract/list-sort';
import type { UserId } from '@meridian/domain/ids';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rankOf, sortedBy } from '../../db/list-order';
import { instruments, orders } from '../../db/schema';
import type { OrderRecord, OrderStatus } from './trading.repository';

// The history tab's reads: a customer's ended orders (closed and cancelled), newest first or sorted
// by a column of the back office's orders tab, and their totals.

const ENDED_STATUSES: OrderStatus[] = ['closed', 'cancelled'];

const historyOf = (userId: UserId) => and(eq(orders.userId, userId), inArray(orders.status, ENDED_STATUSES));

/** A page of the history tab, newest close first. */
export async function historyPage(
  db: DbOrTx,
  userId: UserId,
  page: { offset: number; limit: number },
): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(historyOf(userId))
    .orderBy(desc(orders.closedAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * What each sortable column of the back office's history tab sorts by, as the tab shows it (a
 * cancelled order's close price and profit read 0): the only columns a client can choose.
 */
const HISTORY_SORT_COLUMNS = {
  id: orders.id,
  instrument: sql`(select ${instruments.showCode} from ${instruments} where ${instruments.id} = ${orders.instrumentId})`,
  side: orders.side,
  lots: orders.lots,
  open_price: sql`coalesce(${orders.openPrice}, ${orders.targetPrice})`,
  price: sql`coalesce(${orders.closePrice}, 0)`,
  margin: orders.margin,
  profit: sql`coalesce(${orders.realisedProfit}, 0)`,
  state: rankOf(orders.status, ['pending', 'holding', 'closed', 'cancelled']),
  time: sql`coalesce(${orders.closedAt}, ${orders.openedAt}, ${orders.createdAt})`,
} as const;

/** A page of the history tab sorted by a column of the back office's orders tab (the id breaking ties). */
export async function historyPageSorted(
  db: DbOrTx,
  userId: UserId,
  page: { offset: number; limit: number; sort: { key: CustomerOrderSortKey; order: SortOrder } },
): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(historyOf(userId))
    .orderBy(...sortedBy(HISTORY_SORT_COLUMNS, orders.id, page.sort))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many orders the history holds and the sum of their realised profit (numeric text). */
export async function historyTotals(
  db: DbOrTx,
  userId: UserId,
): Promise<{ count: number; realised: string }> {
  const rows = await db
    .select({
      count: sql<number>`count(*)::int`,
      realised: sql<string>`coalesce(sum(${orders.realisedProfit}), 0)::text`,
    })
    .from(orders)
    .where(historyOf(userId));
  return { count: Number(rows[0]?.count ?? 0), realised: rows[0]?.realised ?? '0' };
}
