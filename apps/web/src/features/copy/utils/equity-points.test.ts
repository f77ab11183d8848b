import { describe, expect, it } from 'vitest';
import { equityChartPoints } from './equity-points';

describe('equityChartPoints', () => {
  it('gives the chart strictly rising whole seconds, a point in a taken second one second later', () => {
    expect(
      equityChartPoints([
        { time: 3_000, equity: '103' },
        { time: 1_000, equity: '100' },
        { time: 1_500, equity: '101.5' },
        { time: 2_000, equity: 'not a number' },
      ]),
    ).toEqual([
      { time: 1, value: 100 },
      { time: 2, value: 101.5 },
      { time: 3, value: 103 },
    ]);
  });
});
