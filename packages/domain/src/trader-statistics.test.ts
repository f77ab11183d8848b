import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxDrawdownPercent } from './drawdown';
import { toDecimal } from './money';
import { asMoney } from './trade-values';
import {
  type ClosedOrderRecord,
  equityCurve,
  isInStatisticsWindow,
  STATISTICS_WINDOW_MS,
  statisticsWindowStart,
  traderStatistics,
} from './trader-statistics';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const WINDOW_START = NOW - 21 * DAY_MS;

type OrderFields = Partial<Omit<ClosedOrderRecord, 'margin' | 'realisedProfit' | 'fee'>> & {
  orderId: number;
  closedAt: number;
  profit?: string;
  fee?: string;
  margin?: string;
};

function order({ profit = '0', fee = '0', margin = '100', ...fields }: OrderFields): ClosedOrderRecord {
  return {
    instrumentCode: 'EURUSD',
    leverage: 100,
    openedAt: fields.closedAt - 60_000,
    realisedProfit: asMoney(profit),
    fee: asMoney(fee),
    margin: asMoney(margin),
    ...fields,
  };
}

const startingEquity = asMoney('10000');

describe('the three-week window', () => {
  it('is three weeks', () => {
    expect(STATISTICS_WINDOW_MS).toBe(1_814_400_000);
    expect(statisticsWindowStart(NOW)).toBe(WINDOW_START);
  });

  it('excludes an order closed exactly at now - 21 days and includes one closed 1 ms later', () => {
    expect(isInStatisticsWindow(WINDOW_START - 1, NOW)).toBe(false);
    expect(isInStatisticsWindow(WINDOW_START, NOW)).toBe(false);
    expect(isInStatisticsWindow(WINDOW_START + 1, NOW)).toBe(true);
    expect(isInStatisticsWindow(NOW, NOW)).toBe(true);
    expect(isInStatisticsWindow(NOW + 1, NOW)).toBe(false);
  });

  it('counts each edge order in the right period', () => {
    const orders = [
      order({ orderId: 1, closedAt: WINDOW_START, profit: '10' }),
      order({ orderId: 2, closedAt: WINDOW_START + 1, profit: '20' }),
      order({ orderId: 3, closedAt: NOW, profit: '40' }),
      order({ orderId: 4, closedAt: NOW + 1, profit: '80' }),
    ];
    const { threeWeeks, allTime } = traderStatistics({ orders, startingEquity, now: NOW });
    expect(threeWeeks).toMatchObject({
      orderCount: 2,
      profit: '60',
      equityAtStart: '10010',
      equityAtEnd: '10070',
    });
    // Closed after `now`: in no period.
    expect(allTime).toMatchObject({
      orderCount: 3,
      profit: '70',
      equityAtStart: '10000',
      equityAtEnd: '10070',
    });
  });
});

describe('trader statistics', () => {
  it('works out a small history by hand', () => {
    const day = (days: number) => WINDOW_START + days * DAY_MS;
    const orders = [
      // Before the window: +1,000 net, so the window starts at 11,000.
      order({
        orderId: 1,
        closedAt: day(-3),
        profit: '1005',
        fee: '5',
        instrumentCode: 'XAUUSD',
        leverage: 50,
      }),
      order({
        orderId: 2,
        closedAt: day(1),
        profit: '550',
        fee: '0.5',
        instrumentCode: 'EURUSD',
        leverage: 100,
      }),
      // A gross win eaten by its fee is a loss: not a win.
      order({
        orderId: 3,
        closedAt: day(2),
        profit: '0.4',
        fee: '0.5',
        instrumentCode: 'XAUUSD',
        leverage: 50,
      }),
      order({
        orderId: 4,
        closedAt: day(3),
        profit: '-2300',
        fee: '0',
        instrumentCode: 'EURUSD',
        leverage: 200,
      }),
      order({
        orderId: 5,
        closedAt: day(4),
        profit: '1000.6',
        fee: '0',
        instrumentCode: 'XAUUSD',
        leverage: 200,
      }),
    ];
    const { threeWeeks, allTime } = traderStatistics({ orders, startingEquity, now: NOW });
    // Window net: 549.5 - 0.1 - 2,300 + 1,000.6 = -750; curve 11,000 -> 11,549.5 -> 11,549.4 ->
    // 9,249.4 -> 10,250.
    expect(threeWeeks).toEqual({
      orderCount: 4,
      winCount: 2,
      profit: '-750',
      // -750 / 11,000 = -6.8181..% rounded down.
      profitRatePercent: '-6.82',
      winRatePercent: '50.00',
      equityAtStart: '11000',
      equityAtEnd: '10250',
      // (11,549.5 - 9,249.4) / 11,549.5 = 19.9151..% rounded up.
      maxDrawdownPercent: '19.92',
      // EURUSD and XAUUSD have 2 orders each; XAUUSD closed last.
      mostTradedCode: 'XAUUSD',
      // 200 twice beats 100 and 50 once each.
      usualLeverage: 200,
    });
    expect(allTime).toEqual({
      orderCount: 5,
      winCount: 3,
      profit: '250',
      profitRatePercent: '2.50',
      // 3 of 5.
      winRatePercent: '60.00',
      equityAtStart: '10000',
      equityAtEnd: '10250',
      maxDrawdownPercent: '19.92',
      mostTradedCode: 'XAUUSD',
      // 50 and 200 twice each: 200 was used last.
      usualLeverage: 200,
    });
  });

  it('answers no rate, rather than a rate of 0, without orders', () => {
    const { threeWeeks, allTime } = traderStatistics({ orders: [], startingEquity, now: NOW });
    for (const period of [threeWeeks, allTime])
      expect(period).toEqual({
        orderCount: 0,
        winCount: 0,
        profit: '0',
        profitRatePercent: '0.00',
        winRatePercent: null,
        equityAtStart: '10000',
        equityAtEnd: '10000',
        maxDrawdownPercent: '0.00',
        mostTradedCode: null,
        usualLeverage: null,
      });
  });

  it('rounds rates down: never better than they are', () => {
    const orders = [1, 2, 3].map((id) =>
      order({ orderId: id, closedAt: NOW - id, profit: id === 3 ? '-1' : '1.000001' }),
    );
    const { threeWeeks } = traderStatistics({ orders, startingEquity: asMoney('3'), now: NOW });
    // 2 of 3 = 66.666..%; profit 1.000002 of 3 = 33.33340..%.
    expect(threeWeeks.winRatePercent).toBe('66.66');
    expect(threeWeeks.profitRatePercent).toBe('33.33');
  });

  it('has no profit rate or drawdown when the model lost everything before the window', () => {
    const orders = [
      order({ orderId: 1, closedAt: WINDOW_START - 1, profit: '-10000' }),
      order({ orderId: 2, closedAt: NOW, profit: '50' }),
    ];
    const { threeWeeks, allTime } = traderStatistics({ orders, startingEquity, now: NOW });
    expect(threeWeeks).toMatchObject({
      profitRatePercent: null,
      maxDrawdownPercent: null,
      winRatePercent: '100.00',
    });
    expect(allTime).toMatchObject({ profitRatePercent: '-99.50', maxDrawdownPercent: '100.00' });
  });

  it('ignores fixed-margin orders for the usual leverage', () => {
    const orders = [
      order({ orderId: 1, closedAt: NOW - 3, leverage: null }),
      order({ orderId: 2, closedAt: NOW - 2, leverage: null }),
      order({ orderId: 3, closedAt: NOW - 1, leverage: 20 }),
    ];
    expect(traderStatistics({ orders, startingEquity, now: NOW }).threeWeeks.usualLeverage).toBe(20);
    expect(
      traderStatistics({ orders: orders.slice(0, 2), startingEquity, now: NOW }).allTime.usualLeverage,
    ).toBe(null);
  });

  it('breaks a tie by the most recently closed order, then by order id at the same time', () => {
    const orders = [
      order({ orderId: 9, closedAt: NOW - 5, instrumentCode: 'BTCUSDT' }),
      order({ orderId: 1, closedAt: NOW - 1, instrumentCode: 'ETHUSDT' }),
      order({ orderId: 2, closedAt: NOW - 1, instrumentCode: 'BTCUSDT' }),
    ];
    // BTC has 2 orders (ids 9 and 2) against ETH's 1.
    expect(traderStatistics({ orders, startingEquity, now: NOW }).threeWeeks.mostTradedCode).toBe('BTCUSDT');
    // 1 against 1: ETH closed last.
    const tie = orders.slice(0, 2);
    expect(traderStatistics({ orders: tie, startingEquity, now: NOW }).threeWeeks.mostTradedCode).toBe(
      'ETHUSDT',
    );
    // 1 against 1 closed in the same millisecond: the higher order id (ETH, id 1) is the later one.
    const sameTime = [
      ...orders.slice(1, 2),
      order({ orderId: 0, closedAt: NOW - 1, instrumentCode: 'XAUUSD' }),
    ];
    expect(traderStatistics({ orders: sameTime, startingEquity, now: NOW }).threeWeeks.mostTradedCode).toBe(
      'ETHUSDT',
    );
  });

  it('treats a starting equity not above zero and impossible times as programmer errors', () => {
    expect(() => traderStatistics({ orders: [], startingEquity: asMoney('0'), now: NOW })).toThrow();
    const backwards = order({ orderId: 1, closedAt: NOW - 10, openedAt: NOW - 5 });
    expect(() => traderStatistics({ orders: [backwards], startingEquity, now: NOW })).toThrow();
  });
});

describe('the equity curve', () => {
  const orders = [
    order({ orderId: 3, closedAt: NOW - 10, openedAt: NOW - 400, profit: '5', fee: '1' }),
    order({ orderId: 2, closedAt: NOW - 10, openedAt: NOW - 300, profit: '-3' }),
    order({ orderId: 1, closedAt: NOW - 100, openedAt: NOW - 200, profit: '10' }),
    order({ orderId: 4, closedAt: NOW + 1, profit: '1000' }),
  ];

  it('starts at the earliest opening and adds each net profit in closing order', () => {
    expect(equityCurve({ orders, startingEquity, from: null, to: NOW })).toEqual([
      { at: NOW - 400, equity: '10000' },
      { at: NOW - 100, equity: '10010' },
      { at: NOW - 10, equity: '10007' },
      { at: NOW - 10, equity: '10011' },
    ]);
  });

  it('starts a period at its first instant with the equity then', () => {
    expect(equityCurve({ orders, startingEquity, from: NOW - 100, to: NOW })).toEqual([
      { at: NOW - 100, equity: '10010' },
      { at: NOW - 10, equity: '10007' },
      { at: NOW - 10, equity: '10011' },
    ]);
  });

  it('is one point at `to` without orders', () => {
    expect(equityCurve({ orders: [], startingEquity, from: null, to: NOW })).toEqual([
      { at: NOW, equity: '10000' },
    ]);
  });
});

// The oracle: a direct count over the orders in micro-units (6 places) with BigInt, independent of
// decimal.js and of the curve.
const MICRO = 1_000_000n;

function microOf(text: string): bigint {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const magnitude = BigInt(whole) * MICRO + BigInt(fraction.padEnd(6, '0'));
  return text.startsWith('-') ? -magnitude : magnitude;
}

/** part / whole x 100 in hundredths of a percent, rounded down, as text; null when whole <= 0. */
function percentFloorOracle(part: bigint, whole: bigint): string | null {
  if (whole <= 0n) return null;
  const scaled = part * 10_000n;
  let hundredths = scaled / whole;
  if (scaled % whole !== 0n && scaled < 0n) hundredths -= 1n;
  const negative = hundredths < 0n;
  const digits = (negative ? -hundredths : hundredths).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const microMoney = fc
  .bigInt({ min: -5_000n * MICRO, max: 5_000n * MICRO })
  .map((micro) => toDecimal(micro.toString()).div(1_000_000).toFixed(6));

const closedAtArbitrary = fc.oneof(
  fc.constantFrom(WINDOW_START - 1, WINDOW_START, WINDOW_START + 1, NOW - 1, NOW, NOW + 1),
  fc.integer({ min: NOW - 40 * DAY_MS, max: NOW + DAY_MS }),
);

const ordersArbitrary = fc
  .array(
    fc.record({
      closedAt: closedAtArbitrary,
      durationMs: fc.integer({ min: 0, max: 5 * DAY_MS }),
      profit: microMoney,
      fee: fc
        .bigInt({ min: 0n, max: 20n * MICRO })
        .map((micro) => toDecimal(micro.toString()).div(1e6).toFixed(6)),
      instrumentCode: fc.constantFrom('EURUSD', 'XAUUSD', 'BTCUSDT'),
      leverage: fc.constantFrom(null, 10, 50, 100),
    }),
    { maxLength: 60 },
  )
  .map((rows) =>
    rows.map((row, index) =>
      order({
        orderId: index + 1,
        closedAt: row.closedAt,
        openedAt: row.closedAt - row.durationMs,
        profit: row.profit,
        fee: row.fee,
        instrumentCode: row.instrumentCode,
        leverage: row.leverage,
      }),
    ),
  );

describe('trader statistics against a direct count', () => {
  it('win rate, profit, profit rate and order count match over random closed orders', () => {
    fc.assert(
      fc.property(ordersArbitrary, fc.bigInt({ min: 1n, max: 100_000n * MICRO }), (orders, startMicro) => {
        const start = asMoney(toDecimal(startMicro.toString()).div(1e6).toFixed(6));
        const statistics = traderStatistics({ orders, startingEquity: start, now: NOW });
        const net = (o: ClosedOrderRecord) => microOf(o.realisedProfit) - microOf(o.fee);
        const sum = (list: ClosedOrderRecord[]) => list.reduce((total, o) => total + net(o), 0n);
        const allTime = orders.filter((o) => o.closedAt <= NOW);
        const window = allTime.filter((o) => o.closedAt > NOW - 21 * DAY_MS);
        const before = allTime.filter((o) => o.closedAt <= NOW - 21 * DAY_MS);
        const periods = [
          { list: window, base: startMicro + sum(before), got: statistics.threeWeeks },
          { list: allTime, base: startMicro, got: statistics.allTime },
        ];
        for (const { list, base, got } of periods) {
          const wins = list.filter((o) => net(o) > 0n).length;
          expect(got.orderCount).toBe(list.length);
          expect(got.winCount).toBe(wins);
          expect(got.winRatePercent).toBe(percentFloorOracle(BigInt(wins), BigInt(list.length)));
          expect(microOf(toDecimal(got.profit).toFixed(6))).toBe(sum(list));
          expect(microOf(toDecimal(got.equityAtStart).toFixed(6))).toBe(base);
          expect(got.profitRatePercent).toBe(percentFloorOracle(sum(list), base));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the profit rate and drawdown are those of the period curve, which ends at the equity at end', () => {
    fc.assert(
      fc.property(ordersArbitrary, (orders) => {
        const statistics = traderStatistics({ orders, startingEquity, now: NOW });
        const curve = equityCurve({ orders, startingEquity, from: WINDOW_START, to: NOW });
        const first = toDecimal((curve[0] as { equity: string }).equity);
        const last = toDecimal((curve.at(-1) as { equity: string }).equity);
        expect(curve).toHaveLength(statistics.threeWeeks.orderCount + 1);
        expect(last.toFixed()).toBe(toDecimal(statistics.threeWeeks.equityAtEnd).toFixed());
        expect(last.minus(first).eq(statistics.threeWeeks.profit)).toBe(true);
        if (first.gt(0))
          expect(statistics.threeWeeks.maxDrawdownPercent).toBe(
            maxDrawdownPercent(curve.map((p) => p.equity)),
          );
        // Closing times never go backwards along the curve.
        for (let i = 1; i < curve.length; i += 1)
          expect((curve[i] as { at: number }).at).toBeGreaterThanOrEqual((curve[i - 1] as { at: number }).at);
      }),
      { numRuns: 500 },
    );
  });

  it('the most-traded code has the highest count, and a tie goes to the latest order', () => {
    fc.assert(
      fc.property(ordersArbitrary, (orders) => {
        const { allTime } = traderStatistics({ orders, startingEquity, now: NOW });
        const counted = orders
          .filter((o) => o.closedAt <= NOW)
          .sort((a, b) => a.closedAt - b.closedAt || a.orderId - b.orderId);
        if (counted.length === 0) {
          expect(allTime.mostTradedCode).toBeNull();
          return;
        }
        const count = (code: string) => counted.filter((o) => o.instrumentCode === code).length;
        const highest = Math.max(...counted.map((o) => count(o.instrumentCode)));
        const latestOfHighest = counted.filter((o) => count(o.instrumentCode) === highest).at(-1);
        expect(allTime.mostTradedCode).toBe(latestOfHighest?.instrumentCode);
      }),
      { numRuns: 500 },
    );
  });
});
