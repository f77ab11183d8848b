import type { Candle } from '@meridian/domain/candles';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './catalogue';
import type { FeedInstrument, HistoryRequest, PriceTick } from './feed';
import { SimulatedFeed } from './simulated-feed';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const CATALOGUE: FeedInstrument[] = INSTRUMENTS.map((seed, index) => ({
  id: index + 1,
  code: seed.code,
  session: seed.session,
  pricePrecision: seed.pricePrecision,
  basePrice: seed.basePrice,
  annualVolatility: seed.annualVolatility,
  typicalVolume: seed.typicalVolume,
}));
const byCode = (code: string): FeedInstrument => {
  const found = CATALOGUE.find((instrument) => instrument.code === code);
  if (!found) throw new Error(code);
  return found;
};
/** Each cross of the catalogue and how its legs make it: EURJPY = EURUSD x USDJPY, EURGBP = EURUSD / GBPUSD. */
const CROSSES: { cross: string; legs: [string, string]; divide: boolean }[] = [
  { cross: 'EURGBP', legs: ['EURUSD', 'GBPUSD'], divide: true },
  { cross: 'EURJPY', legs: ['EURUSD', 'USDJPY'], divide: false },
  { cross: 'GBPJPY', legs: ['GBPUSD', 'USDJPY'], divide: false },
  { cross: 'AUDJPY', legs: ['AUDUSD', 'USDJPY'], divide: false },
  { cross: 'EURCHF', legs: ['EURUSD', 'USDCHF'], divide: false },
];
const ofLegs = (legs: [number, number], divide: boolean) => (divide ? legs[0] / legs[1] : legs[0] * legs[1]);
const step = (code: string) => 10 ** -byCode(code).pricePrecision;
// A weekday noon and the catalogue's start; the property tests pick other moments.
const WEDNESDAY_NOON = Date.UTC(2026, 10, 18, 12);

/** The whole catalogue resumed at `prices` (default: its base prices) and drained every 100 ms for `seconds`. */
function liveRun(seed: number, atMs: number, seconds: number, prices: Record<string, string> = {}) {
  const feed = new SimulatedFeed(seed);
  for (const instrument of CATALOGUE) {
    feed.resume(instrument, prices[instrument.code] ?? instrument.basePrice, atMs);
  }
  const ticks: PriceTick[] = [];
  for (let now = atMs; now <= atMs + seconds * 1000; now += 100) ticks.push(...feed.drain(now));
  return ticks;
}

/** The last price of every instrument after all ticks of each moment: calls `check` once per moment. */
function replay(ticks: PriceTick[], check: (last: Map<string, number>, changed: Set<string>) => void): void {
  const last = new Map<string, number>();
  const codes = new Map(CATALOGUE.map((instrument) => [instrument.id, instrument.code]));
  for (let index = 0; index < ticks.length; ) {
    const time = ticks[index]?.timeMs;
    const changed = new Set<string>();
    for (; index < ticks.length && ticks[index]?.timeMs === time; index += 1) {
      const tick = ticks[index] as PriceTick;
      const code = codes.get(tick.instrumentId) ?? '';
      last.set(code, Number(tick.price));
      changed.add(code);
    }
    check(last, changed);
  }
}

/** History of some of the catalogue for one stretch, in catalogue order (as the backfill asks for it). */
function historyRun(seed: number, request: Omit<HistoryRequest, 'startPrice'>, codes: string[]) {
  const feed = new SimulatedFeed(seed);
  const result = new Map<string, { minutes: Candle[]; days: Candle[] }>();
  for (const instrument of CATALOGUE.filter((candidate) => codes.includes(candidate.code))) {
    const minutes: Candle[] = [];
    const days: Candle[] = [];
    for (const batch of feed.history(instrument, { ...request, startPrice: instrument.basePrice }, 5000)) {
      minutes.push(...batch.minutes);
      days.push(...batch.days);
    }
    result.set(instrument.code, { minutes, days });
  }
  return result;
}

const correlation = (xs: number[], ys: number[]) => {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, index) => {
    const y = ys[index] ?? 0;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};
const logReturns = (closes: number[]) =>
  closes.slice(1).map((close, index) => Math.log(close / (closes[index] ?? close)));

describe('simulated prices agree with each other', () => {
  it('makes every cross from its legs at every live tick, within one price step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        // Any moment of a trading week (Monday to Thursday), to the millisecond.
        fc.integer({ min: 0, max: 4 * DAY - 1 }),
        (seed, offset) => {
          let checked = 0;
          replay(liveRun(seed, Date.UTC(2026, 10, 16) + offset, 20), (last, changed) => {
            for (const { cross, legs, divide } of CROSSES) {
              if (!changed.has(cross)) continue;
              const legPrices = legs.map((leg) => last.get(leg) ?? Number(byCode(leg).basePrice));
              const implied = ofLegs(legPrices as [number, number], divide);
              expect(Math.abs((last.get(cross) ?? 0) - implied)).toBeLessThanOrEqual(step(cross));
              checked += 1;
            }
          });
          expect(checked).toBeGreaterThan(100);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('makes every cross from its legs in the backfilled history, minute by minute and day by day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const today = Date.UTC(2026, 10, 18);
        const history = historyRun(
          seed,
          {
            fromMs: today - 10 * DAY,
            toMs: WEDNESDAY_NOON,
            minutesFromMs: today - 2 * DAY,
          },
          CROSSES.flatMap(({ cross, legs }) => [cross, ...legs]),
        );
        for (const { cross, legs, divide } of CROSSES) {
          const [first, second] = legs.map((leg) => history.get(leg));
          const own = history.get(cross);
          for (const period of ['minutes', 'days'] as const) {
            const candles = own?.[period] ?? [];
            expect(candles.length).toBeGreaterThan(0);
            candles.forEach((candle, index) => {
              const a = first?.[period][index];
              const b = second?.[period][index];
              expect([a?.time, b?.time]).toEqual([candle.time, candle.time]);
              for (const side of ['open', 'close'] as const) {
                const implied = ofLegs([Number(a?.[side]), Number(b?.[side])], divide);
                expect(Math.abs(Number(candle[side]) - implied)).toBeLessThanOrEqual(step(cross));
              }
            });
          }
        }
      }),
      { numRuns: 4 },
    );
  });

  it('moves a cross to its legs from the next tick when stored prices disagree (an old database)', () => {
    const old = { EURUSD: '1.05575', USDJPY: '158.652', EURJPY: '159.500' };
    let first: number | undefined;
    replay(liveRun(3, WEDNESDAY_NOON, 5, old), (last, changed) => {
      if (first !== undefined || !changed.has('EURJPY')) return;
      first = last.get('EURJPY');
      const implied = (last.get('EURUSD') ?? 1.05575) * (last.get('USDJPY') ?? 158.652);
      expect(Math.abs((first ?? 0) - implied)).toBeLessThanOrEqual(0.001);
    });
    expect(first).toBeGreaterThan(167);
  });

  it('starts a cross without legs exactly where it was stored', () => {
    const feed = new SimulatedFeed(4);
    feed.resume(byCode('EURCHF'), '0.95000', WEDNESDAY_NOON);
    feed.resume(byCode('UKOIL'), '80.00', WEDNESDAY_NOON);
    const ticks: PriceTick[] = [];
    for (let now = WEDNESDAY_NOON; now <= WEDNESDAY_NOON + 2000; now += 100) ticks.push(...feed.drain(now));
    const firstOf = (code: string) =>
      Number(ticks.find((tick) => tick.instrumentId === byCode(code).id)?.price);
    expect(Math.abs(firstOf('EURCHF') / 0.95 - 1)).toBeLessThan(0.001);
    expect(Math.abs(firstOf('UKOIL') / 80 - 1)).toBeLessThan(0.002);
  });

  it('keeps Brent above WTI by a few dollars, live and over years of history', () => {
    replay(liveRun(5, WEDNESDAY_NOON, 60, { USOIL: '75.00', UKOIL: '74.00' }), (last, changed) => {
      if (!changed.has('UKOIL')) return;
      const spread = (last.get('UKOIL') ?? 0) - (last.get('USOIL') ?? 0);
      expect(spread).toBeGreaterThan(0);
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const today = Date.UTC(2026, 10, 18);
        const feed = new SimulatedFeed(seed);
        const request = { fromMs: today - 3 * 365 * DAY, toMs: today, minutesFromMs: today };
        const closes = (code: string) =>
          [...feed.history(byCode(code), { ...request, startPrice: byCode(code).basePrice }, 5000)].flatMap(
            (batch) => batch.days.map((day) => Number(day.close)),
          );
        const wti = closes('USOIL');
        const brent = closes('UKOIL');
        expect(brent).toHaveLength(wti.length);
        brent.forEach((close, index) => {
          const spread = close - (wti[index] ?? 0);
          expect(spread).toBeGreaterThan(0);
          expect(spread / (wti[index] ?? 1)).toBeLessThan(0.2);
        });
      }),
      { numRuns: 3 },
    );
  });

  it('moves indices together, and gold with silver, over a long run', () => {
    const today = Date.UTC(2026, 10, 18);
    const indices = ['US30', 'US500', 'NAS100', 'GER40', 'UK100', 'JPN225'];
    const others = ['XAUUSD', 'XAGUSD', 'BTCUSDT', 'ETHUSDT', 'EURUSD', 'USDCHF'];
    const history = historyRun(11, { fromMs: today - 3 * 365 * DAY, toMs: today, minutesFromMs: today }, [
      ...indices,
      ...others,
    ]);
    const returns = (code: string) =>
      logReturns((history.get(code)?.days ?? []).map((day) => Number(day.close)));
    for (const [index, first] of indices.entries()) {
      for (const second of indices.slice(index + 1)) {
        expect(correlation(returns(first), returns(second))).toBeGreaterThan(0.5);
      }
    }
    expect(correlation(returns('XAUUSD'), returns('XAGUSD'))).toBeGreaterThan(0.5);
    expect(correlation(returns('BTCUSDT'), returns('ETHUSDT'))).toBeGreaterThan(0.5);
    // The dollar moves EUR/USD and USD/CHF in opposite directions.
    expect(correlation(returns('EURUSD'), returns('USDCHF'))).toBeLessThan(-0.3);
    // Unrelated markets stay unrelated.
    expect(Math.abs(correlation(returns('US500'), returns('XAUUSD')))).toBeLessThan(0.15);
  });
});
