import { describe, expect, it } from 'vitest';
import { PriceSimulator, type SimulatedInstrument } from './simulator';

const instruments: SimulatedInstrument[] = [
  { code: 'EURUSD', basePrice: '1.08500', annualVolatility: 0.07, pricePrecision: 5, typicalVolume: 20 },
  { code: 'BTCUSDT', basePrice: '95000.00', annualVolatility: 0.7, pricePrecision: 2, typicalVolume: 3 },
];

function run(seed: number, steps: number, stepMs: number): string[] {
  const simulator = new PriceSimulator(seed, instruments);
  const prices: string[] = [];
  for (let index = 0; index < steps; index += 1) {
    prices.push(simulator.step('EURUSD', stepMs), simulator.step('BTCUSDT', stepMs));
  }
  return prices;
}

describe('PriceSimulator', () => {
  it('is reproducible from its seed', () => {
    expect(run(42, 500, 1000)).toEqual(run(42, 500, 1000));
    expect(run(42, 500, 1000)).not.toEqual(run(43, 500, 1000));
  });

  it('publishes prices at the instrument precision', () => {
    for (const price of run(7, 50, 1000).filter((_, index) => index % 2 === 0)) {
      expect(price).toMatch(/^\d+\.\d{5}$/);
    }
  });

  it('neither drifts to zero nor explodes over ten years of days', () => {
    const simulator = new PriceSimulator(1, instruments);
    let lowest = Number.POSITIVE_INFINITY;
    let highest = 0;
    for (let day = 0; day < 3650; day += 1) {
      const price = Number(simulator.step('BTCUSDT', 24 * 3600 * 1000));
      lowest = Math.min(lowest, price);
      highest = Math.max(highest, price);
    }
    expect(lowest).toBeGreaterThan(95000 / 20);
    expect(highest).toBeLessThan(95000 * 20);
  });

  it('moves a forex major by a realistic amount in a day', () => {
    // One-day moves of EUR/USD: standard deviation about 0.07 / sqrt(365) = 0.37 %.
    const simulator = new PriceSimulator(9, instruments);
    const moves: number[] = [];
    let previous = Number(simulator.price('EURUSD'));
    for (let day = 0; day < 2000; day += 1) {
      const next = Number(simulator.step('EURUSD', 24 * 3600 * 1000));
      moves.push(Math.log(next / previous));
      previous = next;
    }
    const deviation = Math.sqrt(moves.reduce((sum, move) => sum + move * move, 0) / moves.length);
    expect(deviation).toBeGreaterThan(0.0025);
    expect(deviation).toBeLessThan(0.005);
  });
});
