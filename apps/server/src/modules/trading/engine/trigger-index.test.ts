import { asOrderId, type OrderId } from '@meridian/domain/ids';
import type { Side } from '@meridian/domain/side';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type StopPrices, type Trigger, TriggerIndex, type TriggerKind } from './trigger-index';

const EURUSD = 1;
const JPN225 = 2;

function indexWithInstruments(): TriggerIndex {
  const index = new TriggerIndex();
  index.defineInstrument(EURUSD, 5);
  index.defineInstrument(JPN225, 0);
  return index;
}

const ids = (triggers: readonly Trigger[]) => triggers.map((trigger) => `${trigger.orderId}:${trigger.kind}`);

describe('trigger index: what fires, at the exact boundary', () => {
  // Each case: the trigger, the quote exactly at it (fires), and one tick short of it (does not).
  type Quote = [bid: string, ask: string];
  const cases: [name: string, side: Side, kind: TriggerKind, at: Quote, short: Quote][] = [
    ['buy stop-loss: bid <= price', 'buy', 'stopLoss', ['1.08000', '1.08010'], ['1.08001', '1.08011']],
    ['buy take-profit: bid >= price', 'buy', 'takeProfit', ['1.08000', '1.08010'], ['1.07999', '1.08009']],
    ['sell stop-loss: ask >= price', 'sell', 'stopLoss', ['1.07990', '1.08000'], ['1.07989', '1.07999']],
    ['sell take-profit: ask <= price', 'sell', 'takeProfit', ['1.07990', '1.08000'], ['1.07991', '1.08001']],
    ['pending buy: ask <= target', 'buy', 'pending', ['1.07990', '1.08000'], ['1.07991', '1.08001']],
    ['pending sell: bid >= target', 'sell', 'pending', ['1.08000', '1.08010'], ['1.07999', '1.08009']],
  ];

  for (const [name, side, kind, at, short] of cases) {
    it(name, () => {
      const index = indexWithInstruments();
      const trigger: Trigger = { orderId: asOrderId(7), instrumentId: EURUSD, side, kind, price: '1.08000' };
      index.add(trigger);
      expect(index.collect(EURUSD, ...short)).toEqual([]);
      expect(index.size).toBe(1);
      expect(index.collect(EURUSD, ...at)).toEqual([trigger]);
      // Fired once: gone from the index, and the same quote again fires nothing.
      expect(index.collect(EURUSD, ...at)).toEqual([]);
      expect(index.size).toBe(0);
      expect(index.triggersOf(asOrderId(7))).toEqual([]);
    });
  }

  it('keys a price with more places than the precision so the comparison stays exact', () => {
    const index = indexWithInstruments();
    index.add({
      orderId: asOrderId(1),
      instrumentId: EURUSD,
      side: 'buy',
      kind: 'stopLoss',
      price: '1.080004',
    });
    index.add({
      orderId: asOrderId(2),
      instrumentId: EURUSD,
      side: 'buy',
      kind: 'takeProfit',
      price: '1.090004',
    });
    expect(index.collect(EURUSD, '1.08001', '1.08011')).toEqual([]);
    expect(ids(index.collect(EURUSD, '1.08000', '1.08010'))).toEqual(['1:stopLoss']);
    expect(index.collect(EURUSD, '1.09000', '1.09010')).toEqual([]);
    expect(ids(index.collect(EURUSD, '1.09001', '1.09011'))).toEqual(['2:takeProfit']);
  });

  it('fires a jump through many levels nearest first, and leaves the ones beyond', () => {
    const index = indexWithInstruments();
    for (const [orderId, price] of [
      [1, '38000'],
      [2, '37990'],
      [3, '38000'],
      [4, '37900'],
    ] as const)
      index.add({ orderId: asOrderId(orderId), instrumentId: JPN225, side: 'buy', kind: 'stopLoss', price });
    expect(ids(index.collect(JPN225, '37950', '37960'))).toEqual(['1:stopLoss', '3:stopLoss', '2:stopLoss']);
    expect(index.triggersOf(asOrderId(4))).toHaveLength(1);
    expect(index.collect(EURUSD, '0.00001', '0.00002')).toEqual([]);
  });
});

describe('trigger index: orders', () => {
  const position = { orderId: asOrderId(5), instrumentId: EURUSD, side: 'buy' as const };

  it('a fired stop takes the other stop of its order with it', () => {
    const index = indexWithInstruments();
    index.setStops(position, { stopLoss: '1.07000', takeProfit: '1.09000' });
    expect(index.size).toBe(2);
    expect(ids(index.collect(EURUSD, '1.09000', '1.09010'))).toEqual(['5:takeProfit']);
    expect(index.size).toBe(0);
    expect(index.collect(EURUSD, '1.06000', '1.06010')).toEqual([]);
  });

  it('the stop-loss wins when one quote crosses both stops', () => {
    const index = indexWithInstruments();
    // Stops on the wrong sides (the stop rule refuses these; the index must still fire once).
    index.setStops(position, { stopLoss: '1.09000', takeProfit: '1.07000' });
    expect(ids(index.collect(EURUSD, '1.08000', '1.08010'))).toEqual(['5:stopLoss']);
    expect(index.size).toBe(0);
  });

  it('setStops changes and clears stops; remove answers what it took, once', () => {
    const index = indexWithInstruments();
    index.setStops(position, { stopLoss: '1.07000', takeProfit: null });
    index.setStops(position, { stopLoss: '1.07500', takeProfit: '1.09000' });
    expect(index.triggersOf(asOrderId(5)).map((trigger) => trigger.price)).toEqual(['1.07500', '1.09000']);
    expect(index.collect(EURUSD, '1.07600', '1.07610')).toEqual([]);
    index.setStops(position, { stopLoss: null, takeProfit: null });
    expect(index.size).toBe(0);
    index.setStops(position, { stopLoss: '1.07000', takeProfit: null });
    expect(ids(index.remove(asOrderId(5)))).toEqual(['5:stopLoss']);
    expect(index.remove(asOrderId(5))).toEqual([]);
    expect(index.collect(EURUSD, '1.00000', '1.00010')).toEqual([]);
  });

  it('a bad stop price leaves the old stops in place', () => {
    const index = indexWithInstruments();
    index.setStops(position, { stopLoss: '1.07000', takeProfit: null });
    expect(() => index.setStops(position, { stopLoss: '1.07500', takeProfit: '-1' })).toThrow();
    expect(index.triggersOf(asOrderId(5)).map((trigger) => trigger.price)).toEqual(['1.07000']);
  });

  it('refuses shapes an order can never have (programmer errors)', () => {
    const index = indexWithInstruments();
    index.add({
      orderId: asOrderId(1),
      instrumentId: EURUSD,
      side: 'buy',
      kind: 'pending',
      price: '1.07000',
    });
    expect(() =>
      index.add({
        orderId: asOrderId(1),
        instrumentId: EURUSD,
        side: 'buy',
        kind: 'stopLoss',
        price: '1.06000',
      }),
    ).toThrow();
    expect(() =>
      index.setStops(
        { orderId: asOrderId(1), instrumentId: EURUSD, side: 'buy' },
        { stopLoss: '1.06', takeProfit: null },
      ),
    ).toThrow();
    index.add({
      orderId: asOrderId(2),
      instrumentId: EURUSD,
      side: 'buy',
      kind: 'stopLoss',
      price: '1.06000',
    });
    expect(() =>
      index.add({
        orderId: asOrderId(2),
        instrumentId: EURUSD,
        side: 'buy',
        kind: 'stopLoss',
        price: '1.05000',
      }),
    ).toThrow();
    expect(() =>
      index.add({
        orderId: asOrderId(2),
        instrumentId: EURUSD,
        side: 'sell',
        kind: 'takeProfit',
        price: '1.05000',
      }),
    ).toThrow();
    expect(() =>
      index.add({ orderId: asOrderId(3), instrumentId: 99, side: 'buy', kind: 'stopLoss', price: '1' }),
    ).toThrow();
    expect(() =>
      index.add({ orderId: asOrderId(3), instrumentId: EURUSD, side: 'buy', kind: 'stopLoss', price: '0' }),
    ).toThrow();
    expect(() =>
      index.add({ orderId: asOrderId(3), instrumentId: EURUSD, side: 'buy', kind: 'stopLoss', price: '1e3' }),
    ).toThrow();
    expect(() => index.collect(EURUSD, '1.080001', '1.08010')).toThrow();
    expect(() => index.defineInstrument(EURUSD, 4)).toThrow();
    expect(index.size).toBe(2);
  });

  it('answers nothing for an instrument it does not know or that has no triggers', () => {
    const index = new TriggerIndex();
    expect(index.collect(42, '1', '2')).toEqual([]);
    index.defineInstrument(42, 2);
    index.defineInstrument(42, 3);
    expect(index.collect(42, '1.000', '1.001')).toEqual([]);
  });
});

/**
 * The model: a plain list of triggers, checked against every quote one by one with decimal
 * comparisons, no ticks, no sorting. The index must fire exactly what the model fires.
 */
class LinearModel {
  triggers: Trigger[] = [];

  add(trigger: Trigger): void {
    this.triggers.push(trigger);
  }

  setStops(order: Pick<Trigger, 'orderId' | 'instrumentId' | 'side'>, stops: StopPrices): void {
    this.remove(order.orderId);
    if (stops.stopLoss !== null) this.add({ ...order, kind: 'stopLoss', price: stops.stopLoss });
    if (stops.takeProfit !== null) this.add({ ...order, kind: 'takeProfit', price: stops.takeProfit });
  }

  remove(orderId: number): Trigger[] {
    const removed = this.triggers.filter((trigger) => trigger.orderId === orderId);
    this.triggers = this.triggers.filter((trigger) => trigger.orderId !== orderId);
    return removed;
  }

  collect(instrumentId: number, bid: string, ask: string): Trigger[] {
    const crossed = this.triggers.filter(
      (trigger) =>
        trigger.instrumentId === instrumentId && crosses(trigger, new Decimal(bid), new Decimal(ask)),
    );
    const fired = new Map<number, Trigger>();
    for (const trigger of crossed) {
      const earlier = fired.get(trigger.orderId);
      if (!earlier || trigger.kind === 'stopLoss') fired.set(trigger.orderId, trigger);
    }
    for (const orderId of fired.keys()) this.remove(orderId);
    return [...fired.values()];
  }
}

function crosses(trigger: Trigger, bid: Decimal, ask: Decimal): boolean {
  const price = new Decimal(trigger.price);
  const buy = trigger.side === 'buy';
  switch (trigger.kind) {
    case 'stopLoss':
      return buy ? bid.lte(price) : ask.gte(price);
    case 'takeProfit':
      return buy ? bid.gte(price) : ask.lte(price);
    case 'pending':
      return buy ? ask.lte(price) : bid.gte(price);
  }
}

type Step =
  | { type: 'pending'; orderId: OrderId; instrument: number; side: Side; price: number; extraPlace: number }
  | {
      type: 'stops';
      orderId: OrderId;
      instrument: number;
      side: Side;
      stopLoss: number | null;
      takeProfit: number | null;
    }
  | { type: 'remove'; orderId: OrderId }
  | { type: 'tick'; instrument: number; bid: number; spread: number };

// Prices of both instruments move within 80..120 ticks so that triggers fire often.
const tickPrice = fc.integer({ min: 80, max: 120 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    type: fc.constant('pending' as const),
    orderId: fc.integer({ min: 1, max: 40 }).map(asOrderId),
    instrument: fc.constantFrom(EURUSD, JPN225),
    side: fc.constantFrom<Side>('buy', 'sell'),
    price: tickPrice,
    extraPlace: fc.integer({ min: 0, max: 9 }),
  }),
  fc.record({
    type: fc.constant('stops' as const),
    orderId: fc.integer({ min: 1, max: 40 }).map(asOrderId),
    instrument: fc.constantFrom(EURUSD, JPN225),
    side: fc.constantFrom<Side>('buy', 'sell'),
    stopLoss: fc.option(tickPrice),
    takeProfit: fc.option(tickPrice),
  }),
  fc.record({
    type: fc.constant('remove' as const),
    orderId: fc.integer({ min: 1, max: 40 }).map(asOrderId),
  }),
  fc.record({
    type: fc.constant('tick' as const),
    instrument: fc.constantFrom(EURUSD, JPN225),
    bid: tickPrice,
    spread: fc.integer({ min: 0, max: 3 }),
  }),
);

const precisionOf = (instrument: number) => (instrument === EURUSD ? 5 : 0);
/** Ticks as a price text at the instrument's precision (EURUSD 100 ticks = 0.00100). */
const priceText = (instrument: number, ticks: number) =>
  new Decimal(ticks).div(10 ** precisionOf(instrument)).toFixed(precisionOf(instrument));

const sorted = (triggers: readonly Trigger[]) =>
  [...triggers].sort((a, b) => a.orderId - b.orderId || a.kind.localeCompare(b.kind));

describe('trigger index: prices it cannot key', () => {
  it('says why, without throwing, so the engine can leave out one trigger instead of its order', () => {
    const index = indexWithInstruments();
    expect(index.keyProblem(EURUSD, '1.08500')).toBeUndefined();
    expect(index.keyProblem(EURUSD, '1.08500000')).toBeUndefined();
    // Ticks are exact below 2^53 only: at 5 places the largest price is 90071992547.40991.
    expect(index.keyProblem(EURUSD, '1000000000000000.00000000')).toMatch(/too large to index/);
    expect(index.keyProblem(EURUSD, '0')).toMatch(/must be positive/);
    expect(index.keyProblem(EURUSD, '1e5')).toMatch(/cannot read/);
    expect(index.keyProblem(99, '1.08500')).toMatch(/not defined/);
    expect(() =>
      index.setStops(
        { orderId: asOrderId(1), instrumentId: EURUSD, side: 'buy' },
        {
          stopLoss: '1.08000',
          takeProfit: '1000000000000000',
        },
      ),
    ).toThrow();
    expect(index.size).toBe(0);
  });
});

describe('trigger index against a linear scan', () => {
  it('fires the same triggers, each exactly once, over random adds, removes, stop changes and ticks', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 200 }), (steps) => {
        const index = indexWithInstruments();
        const model = new LinearModel();
        const firedEver = new Set<Trigger>();
        for (const step of steps) {
          const resting = model.triggers.filter(
            (trigger) => trigger.orderId === ('orderId' in step ? step.orderId : -1),
          );
          if (step.type === 'pending') {
            if (resting.length > 0) continue;
            // Sometimes a target with one more place than the precision, to exercise floor and ceil keys.
            const base = priceText(step.instrument, step.price);
            const price = step.extraPlace > 0 && step.extraPlace < 5 ? `${base}${step.extraPlace}` : base;
            const trigger: Trigger = {
              orderId: step.orderId,
              instrumentId: step.instrument,
              side: step.side,
              kind: 'pending',
              price,
            };
            index.add(trigger);
            model.add(trigger);
          } else if (step.type === 'stops') {
            if (resting.some((trigger) => trigger.kind === 'pending')) continue;
            const order = {
              orderId: step.orderId,
              instrumentId: resting[0]?.instrumentId ?? step.instrument,
              side: resting[0]?.side ?? step.side,
            };
            const stops = {
              stopLoss: step.stopLoss === null ? null : priceText(order.instrumentId, step.stopLoss),
              takeProfit: step.takeProfit === null ? null : priceText(order.instrumentId, step.takeProfit),
            };
            index.setStops(order, stops);
            model.setStops(order, stops);
          } else if (step.type === 'remove') {
            expect(sorted(index.remove(step.orderId))).toEqual(sorted(model.remove(step.orderId)));
          } else {
            const bid = priceText(step.instrument, step.bid);
            const ask = priceText(step.instrument, step.bid + step.spread);
            const fired = index.collect(step.instrument, bid, ask);
            expect(sorted(fired)).toEqual(sorted(model.collect(step.instrument, bid, ask)));
            for (const trigger of fired) {
              // Each trigger, as added, fires at most once, ever.
              expect(firedEver.has(trigger)).toBe(false);
              firedEver.add(trigger);
            }
            expect(new Set(fired.map((trigger) => trigger.orderId)).size).toBe(fired.length);
          }
          expect(index.size).toBe(model.triggers.length);
        }
        for (const trigger of model.triggers)
          expect(index.triggersOf(trigger.orderId)).toContainEqual(trigger);
      }),
      { numRuns: 500 },
    );
  });
});
