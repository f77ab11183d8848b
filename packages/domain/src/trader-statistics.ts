import { maxDrawdownPercent, STATISTICS_PERCENT_PLACES } from './drawdown';
import { type DecimalValue, toDecimal } from './money';
import { divide } from './rounding';
import { type Money, moneyOf } from './trade-values';

/**
 * Trader statistics of the copy-trading ranking and profile (spec sections 3 and 9: "Ranking entry",
 * "Trader statistics window: three weeks"), computed from the trader's closed orders only.
 *
 * Decisions (docs/decisions.md, "Copy trading: statistics"):
 * - An order's result is its net profit: the realised profit booked at the close minus the fee
 *   charged at the open (the order row keeps both; the row's realised profit excludes the fee). A
 *   win is an order whose net profit is above zero; zero is not a win.
 * - The window is the half-open interval (now - 21 days, now]: an order closed exactly at
 *   now - 21 days is outside, one closed 1 ms later is inside, one closed exactly at `now` inside.
 *   Orders closed after `now` count nowhere (the figures are "as of now").
 * - Equity model: starting equity + cumulative net profit of the orders in closing order (time, then
 *   order id). Deposits and withdrawals are not part of it: the curve is the trading result. The
 *   caller passes the equity the trader had before the first counted order (a demo trader: the demo
 *   credit).
 * - Profit rate = net profit of the period / equity at the period's start x 100 (all time: the
 *   starting equity; the window: the model's equity at now - 21 days). It is what a follower who
 *   copies in proportion to equity (copy-sizing.ts, amount mode) would have earned; a rate on margin
 *   would reward leverage instead. Null when the equity at the start is not above zero (the model
 *   lost everything before the period); the drawdown is null then too.
 * - Win rate = wins / orders x 100; null without orders (no record is not a 0 % record).
 * - Percentages have 2 places, rounded down (floor): the figures never look better than they are;
 *   the drawdown, where bigger is worse, is rounded up (drawdown.ts).
 * - Most-traded instrument: the code with the most orders; usual leverage: the leverage with the
 *   most orders (fixed-margin orders have none). Ties go to the most recently closed order's value.
 *   Null when nothing counts.
 */
export const STATISTICS_WINDOW_MS = 21 * 24 * 60 * 60 * 1000;

/** A closed order as the statistics read it (times in milliseconds since the epoch). */
export type ClosedOrderRecord = {
  orderId: number;
  instrumentCode: string;
  /** The spec's multiple; null on a fixed-margin instrument. */
  leverage: number | null;
  openedAt: number;
  closedAt: number;
  /** Margin held while the order was open. */
  margin: Money;
  /** Profit booked at the close, before the fee (the order row's realised profit). */
  realisedProfit: Money;
  /** Fee charged at the open. */
  fee: Money;
};

export type PeriodStatistics = {
  orderCount: number;
  winCount: number;
  /** Net profit: realised profit minus fees. */
  profit: Money;
  profitRatePercent: string | null;
  winRatePercent: string | null;
  /** The model's equity at the period's start and end. */
  equityAtStart: Money;
  equityAtEnd: Money;
  /** Null, like the profit rate, when the equity at the start is not above zero. */
  maxDrawdownPercent: string | null;
  mostTradedCode: string | null;
  usualLeverage: number | null;
};

export type TraderStatistics = {
  windowStart: number;
  threeWeeks: PeriodStatistics;
  allTime: PeriodStatistics;
};

export type EquityPoint = { at: number; equity: Money };

export function netProfitOf(order: ClosedOrderRecord): DecimalValue {
  return toDecimal(order.realisedProfit).minus(toDecimal(order.fee));
}

/** The window's start: excluded from the window (see the decisions above). */
export function statisticsWindowStart(now: number): number {
  return now - STATISTICS_WINDOW_MS;
}

/** True when an order closed at `closedAt` counts in the three weeks ending at `now`. */
export function isInStatisticsWindow(closedAt: number, now: number): boolean {
  return closedAt > statisticsWindowStart(now) && closedAt <= now;
}

/** Orders closed at or before `until`, in closing order: time, then order id. */
function closedInOrder(orders: readonly ClosedOrderRecord[], until: number): ClosedOrderRecord[] {
  for (const order of orders) {
    if (
      !Number.isFinite(order.closedAt) ||
      !Number.isFinite(order.openedAt) ||
      order.closedAt < order.openedAt
    )
      throw new Error(`order ${order.orderId} has impossible times ${order.openedAt}..${order.closedAt}`);
  }
  return orders
    .filter((order) => order.closedAt <= until)
    .sort((a, b) => a.closedAt - b.closedAt || a.orderId - b.orderId);
}

export type EquityCurveInput = {
  orders: readonly ClosedOrderRecord[];
  startingEquity: Money;
  /** The first point's time, excluded from the period; null for "since the first order opened". */
  from: number | null;
  to: number;
};

/**
 * The equity curve of the profile chart: a first point at `from` holding the equity then (starting
 * equity + net profit of the orders closed at or before `from`), then one point per order closed in
 * (from, to], in closing order, after that order's net profit. With `from` null the first point is
 * the starting equity at the earliest opening of the orders (at `to` when there are none).
 */
export function equityCurve({ orders, startingEquity, from, to }: EquityCurveInput): EquityPoint[] {
  if (!toDecimal(startingEquity).gt(0))
    throw new Error(`a starting equity must be positive, got ${startingEquity}`);
  const sorted = closedInOrder(orders, to);
  let equity = toDecimal(startingEquity);
  let index = 0;
  if (from !== null) {
    for (; index < sorted.length && (sorted[index] as ClosedOrderRecord).closedAt <= from; index += 1)
      equity = equity.plus(netProfitOf(sorted[index] as ClosedOrderRecord));
  }
  const firstAt = from ?? sorted.reduce((earliest, order) => Math.min(earliest, order.openedAt), to);
  const points: EquityPoint[] = [{ at: firstAt, equity: moneyOf(equity) }];
  for (const order of sorted.slice(index)) {
    equity = equity.plus(netProfitOf(order));
    points.push({ at: order.closedAt, equity: moneyOf(equity) });
  }
  return points;
}

/** Percent = part / whole x 100, 2 places, floor; null when the whole is not above zero. */
function percentFloor(part: DecimalValue, whole: DecimalValue): string | null {
  if (!whole.gt(0)) return null;
  return divide(part.times(100), whole, STATISTICS_PERCENT_PLACES, 'floor').toFixed(
    STATISTICS_PERCENT_PLACES,
  );
}

/**
 * The value with the most orders; a tie goes to the value of the most recently closed order among
 * the tied ones. `orders` are in closing order, so a later order wins a tie by coming later.
 */
function mostFrequent<Value>(
  orders: readonly ClosedOrderRecord[],
  keyOf: (order: ClosedOrderRecord) => Value | null,
): Value | null {
  const tally = new Map<Value, { count: number; lastIndex: number }>();
  orders.forEach((order, index) => {
    const value = keyOf(order);
    if (value === null) return;
    const seen = tally.get(value);
    tally.set(value, { count: (seen?.count ?? 0) + 1, lastIndex: index });
  });
  let best: { value: Value; count: number; lastIndex: number } | null = null;
  for (const [value, { count, lastIndex }] of tally) {
    if (best === null || count > best.count || (count === best.count && lastIndex > best.lastIndex))
      best = { value, count, lastIndex };
  }
  return best === null ? null : best.value;
}

/** The statistics of one period, from its equity curve and the orders closed in it. */
function periodStatistics(
  curve: readonly EquityPoint[],
  orders: readonly ClosedOrderRecord[],
): PeriodStatistics {
  const start = curve[0] as EquityPoint;
  const end = curve[curve.length - 1] as EquityPoint;
  const profit = orders.reduce((sum, order) => sum.plus(netProfitOf(order)), toDecimal(0));
  const winCount = orders.filter((order) => netProfitOf(order).gt(0)).length;
  return {
    orderCount: orders.length,
    winCount,
    profit: moneyOf(profit),
    profitRatePercent: percentFloor(profit, toDecimal(start.equity)),
    winRatePercent: percentFloor(toDecimal(winCount), toDecimal(orders.length)),
    equityAtStart: start.equity,
    equityAtEnd: end.equity,
    maxDrawdownPercent: toDecimal(start.equity).gt(0)
      ? maxDrawdownPercent(curve.map((point) => point.equity))
      : null,
    mostTradedCode: mostFrequent(orders, (order) => order.instrumentCode),
    usualLeverage: mostFrequent(orders, (order) => order.leverage),
  };
}

export type TraderStatisticsInput = {
  orders: readonly ClosedOrderRecord[];
  /** The trader's equity before the first counted order; above zero. */
  startingEquity: Money;
  now: number;
};

/** The three-week and all-time statistics of a trader, as of `now`. */
export function traderStatistics({ orders, startingEquity, now }: TraderStatisticsInput): TraderStatistics {
  const windowStart = statisticsWindowStart(now);
  const allTimeOrders = closedInOrder(orders, now);
  const windowOrders = allTimeOrders.filter((order) => isInStatisticsWindow(order.closedAt, now));
  const allTimeCurve = equityCurve({ orders: allTimeOrders, startingEquity, from: null, to: now });
  const windowCurve = equityCurve({ orders: allTimeOrders, startingEquity, from: windowStart, to: now });
  return {
    windowStart,
    threeWeeks: periodStatistics(windowCurve, windowOrders),
    allTime: periodStatistics(allTimeCurve, allTimeOrders),
  };
}
