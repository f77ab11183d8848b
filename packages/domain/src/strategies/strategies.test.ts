import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from '../money';
import { quoteFromMid } from '../quote';
import { BTCUSDT_TERMS, barsOf, EURUSD_TERMS } from './bars.fixture';
import { STRATEGIES, strategyOf } from './catalogue';
import type { Bar } from './indicators';
import type {
  StrategyDecision,
  StrategyDefinition,
  StrategyInput,
  StrategyInstrument,
  StrategyPosition,
} from './strategy';

/** The catalogue's terms of each strategy's instrument (apps/server/src/market/catalogue.ts). */
const TERMS: Record<string, { instrument: StrategyInstrument; leverages: number[]; level: number }> = {
  EURUSD: { instrument: EURUSD_TERMS, leverages: [50, 100, 200, 500], level: 1.085 },
  GBPUSD: { instrument: EURUSD_TERMS, leverages: [50, 100, 200, 500], level: 1.27 },
  XAUUSD: {
    instrument: { ...EURUSD_TERMS, pricePrecision: 2, maxLots: '30', unitsPerLot: '100', spread: '0.00008' },
    leverages: [20, 50, 100, 200],
    level: 2650,
  },
  BTCUSDT: { instrument: BTCUSDT_TERMS, leverages: [2, 5, 10, 20, 50], level: 95000 },
  ETHUSDT: { instrument: BTCUSDT_TERMS, leverages: [2, 5, 10, 20, 50], level: 3400 },
};

function termsOf(strategy: StrategyDefinition) {
  const terms = TERMS[strategy.instrumentCode];
  if (!terms) throw new Error(`no terms for ${strategy.instrumentCode}`);
  return terms;
}

/**
 * A random walk of closes around the instrument's level from a seed (mulberry32 and Box-Muller):
 * fast-check picks the seed, and every bar of the walk is a moment the rule is asked at, as the
 * runners ask it, so signals do occur.
 */
function walk(seed: number, level: number, volatility: number, count = 400): number[] {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return (((value ^ (value >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  let price = level;
  return Array.from({ length: count }, () => {
    const normal = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    price *= 1 + volatility * normal;
    return price;
  });
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/** Every moment of a walk the rule can be asked at: the bars up to each one, as the runners give them. */
function* moments(
  strategy: StrategyDefinition,
  closes: readonly number[],
  from = 2,
  step = 1,
): Generator<Bar[]> {
  const bars = barsOf(closes, strategy.barMinutes, 0.001);
  for (let end = from; end <= bars.length; end += step)
    yield bars.slice(Math.max(0, end - strategy.lookbackBars), end);
}

const position = fc.record({
  side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
  heldBars: fc.integer({ min: 0, max: 200 }),
});

function inputOf(
  strategy: StrategyDefinition,
  bars: readonly Bar[],
  held: { side: 'buy' | 'sell'; heldBars: number } | null,
  equity = '100000',
): StrategyInput {
  const terms = termsOf(strategy);
  const last = bars[bars.length - 1];
  const nowMs = (last?.time ?? 0) + strategy.barMinutes * 60_000;
  const open: StrategyPosition | null = held && {
    side: held.side,
    openPrice: String(terms.level),
    openedAtMs: nowMs - held.heldBars * strategy.barMinutes * 60_000,
  };
  return {
    bars,
    price: last?.close ?? terms.level,
    nowMs,
    position: open,
    equity,
    instrument: terms.instrument,
  };
}

describe.each(STRATEGIES.map((strategy) => [strategy.key, strategy] as const))(
  'strategy %s',
  (_key, strategy) => {
    const { level, leverages, instrument } = termsOf(strategy);

    it('publishes a leverage its instrument offers', () => {
      expect(leverages).toContain(strategy.leverage);
      expect(strategyOf(strategy.key)).toBe(strategy);
    });

    it('never opens while it holds a position: it closes first', () => {
      fc.assert(
        fc.property(seeds, position, (seed, held) => {
          for (const bars of moments(strategy, walk(seed, level, 0.003))) {
            const decision = strategy.decide(inputOf(strategy, bars, held));
            expect(['hold', 'close']).toContain(decision.action);
          }
        }),
        { numRuns: 10 },
      );
    });

    it('decides alike on the same input (a pure function)', () => {
      fc.assert(
        fc.property(seeds, fc.option(position), (seed, held) => {
          for (const bars of moments(strategy, walk(seed, level, 0.003), 2, 9)) {
            const input = inputOf(strategy, bars, held);
            const copy = {
              ...input,
              bars: input.bars.map((bar) => ({ ...bar })),
              position: input.position && { ...input.position },
              instrument: { ...input.instrument },
            };
            expect(strategy.decide(input)).toEqual(strategy.decide(copy));
          }
        }),
        { numRuns: 10 },
      );
    });

    it('opens only with stops on the right side, lots on the step and its own leverage', () => {
      let opens = 0;
      fc.assert(
        fc.property(seeds, (seed) => {
          for (const bars of moments(strategy, walk(seed, level, 0.003))) {
            const input = inputOf(strategy, bars, null);
            const decision = strategy.decide(input);
            if (decision.action !== 'open') continue;
            opens += 1;
            checkOpen(input, decision);
          }
        }),
        { numRuns: 10 },
      );
      // The property means something only if random walks do make the rule open now and then.
      expect(opens).toBeGreaterThan(10);
    });

    function checkOpen(input: StrategyInput, decision: Extract<StrategyDecision, { action: 'open' }>): void {
      const quote = quoteFromMid(
        input.price.toFixed(instrument.pricePrecision),
        instrument.spread,
        instrument.pricePrecision,
      );
      const stop = toDecimal(decision.stopLoss);
      if (decision.side === 'buy') {
        expect(stop.lt(quote.bid)).toBe(true);
        if (decision.takeProfit !== null) expect(toDecimal(decision.takeProfit).gt(quote.ask)).toBe(true);
      } else {
        expect(stop.gt(quote.ask)).toBe(true);
        if (decision.takeProfit !== null) expect(toDecimal(decision.takeProfit).lt(quote.bid)).toBe(true);
      }
      const lots = toDecimal(decision.lots);
      expect(lots.mod(instrument.lotStep).isZero()).toBe(true);
      expect(lots.gte(instrument.minLots) && lots.lte(instrument.maxLots)).toBe(true);
      expect(decision.leverage).toBe(strategy.leverage);
      expect(decision.stopLoss).toMatch(new RegExp(`^\\d+\\.\\d{${instrument.pricePrecision}}$`));
    }

    it('holds without enough history, and without equity to size an order', () => {
      expect(strategy.decide(inputOf(strategy, barsOf([level, level]), null))).toEqual({ action: 'hold' });
      fc.assert(
        fc.property(seeds, (seed) => {
          for (const bars of moments(strategy, walk(seed, level, 0.003))) {
            expect(strategy.decide(inputOf(strategy, bars, null, '0')).action).not.toBe('open');
          }
        }),
        { numRuns: 10 },
      );
    });
  },
);
