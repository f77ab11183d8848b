import { donchian } from './indicators';
import { openOnAtr } from './sizing';
import { decideExit, HOLD, type StrategyDefinition } from './strategy';

/**
 * Gold Breakout ("breakout"), XAUUSD on 30-minute bars.
 *
 * Published rule: a Donchian channel of the 20 bars before the last. When a close breaks above the
 * channel's high (the close before was not above its own channel), buy; below its low, sell. The
 * stop-loss is the opposite side of the channel, or 2.5 average true ranges of 14 bars from the open
 * price when that is nearer. The position is closed when a close breaks the 10-bar channel the
 * other way (for a buy: below the lowest low of the 10 bars before it). No take-profit: a breakout
 * runs as long as it runs. Each order risks 0.5 % of equity at its stop, with margin at most 25 % of
 * equity, at leverage 50.
 */
export const BREAKOUT = {
  entryPeriod: 20,
  exitPeriod: 10,
  atrPeriod: 14,
  stopAtr: 2.5,
  riskFraction: '0.005',
  marginFractionMax: '0.25',
  leverage: 50,
} as const;

export const breakout: StrategyDefinition = {
  key: 'breakout',
  instrumentCode: 'XAUUSD',
  barMinutes: 30,
  lookbackBars: 60,
  leverage: BREAKOUT.leverage,
  decide(input) {
    const { bars } = input;
    const last = bars[bars.length - 1];
    const previous = bars[bars.length - 2];
    const entry = donchian(bars, BREAKOUT.entryPeriod);
    const entryBefore = donchian(bars.slice(0, -1), BREAKOUT.entryPeriod);
    const exit = donchian(bars, BREAKOUT.exitPeriod);
    if (!last || !previous || !entry || !entryBefore || !exit) return HOLD;
    // A close broke the exit channel the other way.
    if (input.position)
      return decideExit(input.position, input.nowMs, {
        signal: { buy: last.close < exit.lower, sell: last.close > exit.upper },
      });
    const up = last.close > entry.upper && previous.close <= entryBefore.upper;
    const down = last.close < entry.lower && previous.close >= entryBefore.lower;
    const toOppositeBand = up ? input.price - entry.lower : entry.upper - input.price;
    return openOnAtr(input, BREAKOUT, { buy: up, sell: down }, (atr) => {
      const atrDistance = BREAKOUT.stopAtr * atr;
      return {
        stopLoss:
          toOppositeBand < atrDistance
            ? { price: up ? entry.lower : entry.upper }
            : { distance: atrDistance },
      };
    });
  },
};
