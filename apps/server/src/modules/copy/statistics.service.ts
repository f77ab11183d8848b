import type {
  RankingEntry,
  RankingList,
  RankingSort,
  TraderProfile,
  TraderTrade,
} from '@meridian/contract/copy';
import { LIMITS } from '@meridian/contract/limits';
import type { UserId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import { asMoney, type Money, moneyOf } from '@meridian/domain/trade-values';
import {
  type ClosedOrderRecord,
  equityCurve,
  netProfitOf,
  type PeriodStatistics,
  traderStatistics,
} from '@meridian/domain/trader-statistics';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { TimedCache } from '../../timed-cache';
import type { AuthenticatedUser } from '../auth/auth.public';
import { myFollowOf } from './follow.service';
import * as statisticsRows from './statistics.repository';
import * as traderRows from './traders.repository';

/**
 * Trader statistics from real closed orders, so no figure can be typed in (the rules are
 * packages/domain/trader-statistics.ts). The ranking is computed for every listed trader at most once
 * per SERVER_LIMITS.rankingCacheMs per database handle and sorted per request.
 */

type ClosedRow = Awaited<ReturnType<typeof statisticsRows.closedOrdersOfUsers>>[number];

type TraderFigures = {
  entry: RankingEntry;
  orders: ClosedOrderRecord[];
  rows: ClosedRow[];
  startingEquity: Money | undefined;
};

const rankingCache = new TimedCache<object, Map<number, TraderFigures>>(SERVER_LIMITS.rankingCacheMs);

/** Drops the cached ranking (a trader opted in or out on this node). */
export function forgetRanking(context: Pick<ServerContext, 'db'>): void {
  rankingCache.forget(context.db);
}

function recordOf(row: ClosedRow): ClosedOrderRecord {
  if (!row.openedAt || !row.closedAt || row.realisedProfit === null)
    throw new Error(`closed order ${row.id} lacks its open or close`);
  return {
    orderId: row.id,
    instrumentCode: row.showCode,
    leverage: row.leverage,
    openedAt: row.openedAt.getTime(),
    closedAt: row.closedAt.getTime(),
    margin: asMoney(row.margin),
    realisedProfit: asMoney(row.realisedProfit),
    fee: asMoney(row.fee),
  };
}

/** A period's figures; rates are null without orders (no record is not a 0 % record). */
function periodFields(period: PeriodStatistics | undefined) {
  const counted = period !== undefined && period.orderCount > 0;
  return {
    rate: counted ? period.profitRatePercent : null,
    win: counted ? period.winRatePercent : null,
    profit: period ? period.profit : moneyOf(toDecimal(0)),
    count: period?.orderCount ?? 0,
    drawdown: counted ? period.maxDrawdownPercent : null,
  };
}

async function computeFigures(
  context: ServerContext,
  traders: readonly traderRows.ListedTrader[],
): Promise<Map<number, TraderFigures>> {
  const userIds = traders.map((trader) => trader.userId);
  const [rows, followers, accountIds] = await Promise.all([
    statisticsRows.closedOrdersOfUsers(context.db, userIds),
    statisticsRows.countFollowers(
      context.db,
      traders.map((trader) => trader.id),
    ),
    statisticsRows.accountIdsOfUsers(context.db, userIds),
  ]);
  const rowsByUser = new Map<number, ClosedRow[]>();
  for (const row of rows) rowsByUser.set(row.userId, [...(rowsByUser.get(row.userId) ?? []), row]);
  const now = context.clock.now();
  // The starting equity: what was paid in before the first counted order opened (or by now).
  const firstOpen = (userId: UserId) => {
    const opened = (rowsByUser.get(userId) ?? []).map(
      (row) => row.openedAt?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    return opened.length > 0 ? new Date(Math.min(...opened)) : now;
  };
  const funding = await statisticsRows.fundingOfAccounts(
    context.db,
    traders.flatMap((trader) => {
      const accountId = accountIds.get(trader.userId);
      return accountId === undefined ? [] : [{ accountId, until: firstOpen(trader.userId) }];
    }),
  );
  const figures = new Map<number, TraderFigures>();
  for (const trader of traders) {
    const traderRows = rowsByUser.get(trader.userId) ?? [];
    const orders = traderRows.map(recordOf);
    const accountId = accountIds.get(trader.userId);
    const paidIn = accountId === undefined ? undefined : funding.get(accountId);
    const startingEquity = paidIn !== undefined && toDecimal(paidIn).gt(0) ? asMoney(paidIn) : undefined;
    const statistics = startingEquity
      ? traderStatistics({ orders, startingEquity, now: now.getTime() })
      : undefined;
    const recent = periodFields(statistics?.threeWeeks);
    const total = periodFields(statistics?.allTime);
    figures.set(trader.id, {
      entry: {
        trader_id: trader.id,
        user: trader.displayName,
        is_demo: trader.isDemo ? 1 : 0,
        is_strategy: trader.strategy === null ? 0 : 1,
        strategy: trader.strategy,
        multiple: statistics?.allTime.usualLeverage ?? null,
        code: statistics?.allTime.mostTradedCode ?? null,
        three_week_rate: recent.rate,
        three_week_win: recent.win,
        three_week_profit: recent.profit,
        three_week_trade_num: recent.count,
        three_week_drawdown: recent.drawdown,
        total_rate: total.rate,
        total_win: total.win,
        total_profit: total.profit,
        total_trade_num: orders.length,
        total_drawdown: total.drawdown,
        followers: followers.get(trader.id) ?? 0,
        since: trader.createdAt.getTime(),
      },
      orders,
      rows: traderRows,
      startingEquity,
    });
  }
  return figures;
}

function rankingFigures(context: ServerContext): Promise<Map<number, TraderFigures>> {
  return rankingCache.get(context.db, context.clock, () =>
    traderRows.listListedTraders(context.db).then((traders) => computeFigures(context, traders)),
  );
}

/** Larger first; null (nothing to count) after every number. */
function byFigure(a: string | null, b: string | null): number {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  return toDecimal(b).comparedTo(toDecimal(a));
}

const SORTS: Record<RankingSort, (a: RankingEntry, b: RankingEntry) => number> = {
  rate: (a, b) => byFigure(a.three_week_rate, b.three_week_rate) || byFigure(a.total_rate, b.total_rate),
  win: (a, b) =>
    byFigure(a.three_week_win, b.three_week_win) || b.three_week_trade_num - a.three_week_trade_num,
  followers: (a, b) => b.followers - a.followers || byFigure(a.three_week_rate, b.three_week_rate),
};

/** GET /api/follow/list: the listed traders, best first by the chosen figure. */
export async function ranking(context: ServerContext, sort: RankingSort): Promise<RankingList> {
  const entries = [...(await rankingFigures(context)).values()].map((figures) => figures.entry);
  return entries
    .sort((a, b) => SORTS[sort](a, b) || a.trader_id - b.trader_id)
    .slice(0, LIMITS.rankingEntriesMax);
}

/** At most `max` points: evenly thinned, the first and the last always kept. */
function thinned<Point>(points: readonly Point[], max: number): Point[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => points[Math.round(index * step)] as Point);
}

function tradeOf(row: ClosedRow, record: ClosedOrderRecord): TraderTrade {
  return {
    id: row.id,
    ShowCode: row.showCode,
    OrderType: row.side === 'buy' ? 1 : 2,
    Quantity: toDecimal(row.lots).toFixed(),
    Multiple: row.leverage ?? 0,
    OpenPrice: toDecimal(row.openPrice ?? '0').toFixed(),
    ClosePrice: toDecimal(row.closePrice ?? '0').toFixed(),
    NetProfit: moneyOf(netProfitOf(record)),
    OpenTime: record.openedAt,
    CloseTime: record.closedAt,
  };
}

/** A trader's profile: statistics, equity curve, recent closed orders and the caller's own follow. */
export async function traderProfile(
  context: ServerContext,
  traderId: number,
  user: AuthenticatedUser | null,
): Promise<TraderProfile> {
  let figures = (await rankingFigures(context)).get(traderId);
  if (!figures) {
    // Not listed (opted out): still shown to the followers it had, figures computed fresh.
    const trader = await traderRows.findTraderWithSide(context.db, traderId);
    if (!trader) throw new Rejection('error.trader_not_found');
    figures = (await computeFigures(context, [trader])).get(traderId);
  }
  if (!figures) throw new Rejection('error.trader_not_found');
  const now = context.clock.now().getTime();
  const curve = figures.startingEquity
    ? equityCurve({ orders: figures.orders, startingEquity: figures.startingEquity, from: null, to: now })
    : [];
  const recent = figures.rows
    .map((row, index) => ({ row, record: figures.orders[index] as ClosedOrderRecord }))
    .slice(-LIMITS.traderRecentOrdersMax)
    .reverse()
    .map(({ row, record }) => tradeOf(row, record));
  const trader = await traderRows.findTrader(context.db, traderId);
  const isMe = user !== null && trader?.userId === user.id;
  return {
    trader: figures.entry,
    curve: thinned(curve, LIMITS.traderCurvePointsMax).map((point) => ({
      time: point.at,
      equity: point.equity,
    })),
    recent,
    my_follow: user && !isMe ? await myFollowOf(context, user.id, traderId) : null,
    is_me: isMe ? 1 : 0,
  };
}
