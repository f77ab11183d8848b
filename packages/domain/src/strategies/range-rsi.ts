import { lastTwo, rsiSeries } from './indicators';
import { openOnAtr } from './sizing';
import { decideExit, HOLD, type StrategyDefinition } from './strategy';

/**
 * ETH RSI Range ("range_rsi"), ETHUSDT on 15-minute closes.
 *
 * Published rule: the 14-bar relative strength index. When it climbs back above 30 from below
 * (oversold, turning up), buy; when it falls back below 70 from above (overbought, turning down),
 * sell. The take-profit lies 1.5 average true ranges of 14 bars from the open price, the stop-loss
 * 2; a position neither reached closes after 12 hours (48 bars). Each order risks 0.5 % of equity
 * at its stop, with margin at most 25 % of equity, at leverage 10.
 */
export const RANGE_RSI = {
  rsiPeriod: 14,
  oversold: 30,
  overbought: 70,
  atrPeriod: 14,
  stopAtr: 2,
  takeProfitAtr: 1.5,
  holdBarsMax: 48,
  riskFraction: '0.005',
  marginFractionMax: '0.25',
  leverage: 10,
} as const;

const BAR_MINUTES = 15;

export const rangeRsi: StrategyDefinition = {
  key: 'range_rsi',
  instrumentCode: 'ETHUSDT',
  barMinutes: BAR_MINUTES,
  lookbackBars: 150,
  leverage: RANGE_RSI.leverage,
  decide(input) {
    if (input.position)
      return decideExit(input.position, input.nowMs, {
        time: { barMinutes: BAR_MINUTES, holdBarsMax: RANGE_RSI.holdBarsMax },
      });
    const rsi = lastTwo(
      rsiSeries(
        input.bars.map((bar) => bar.close),
        RANGE_RSI.rsiPeriod,
      ),
    );
    if (!rsi) return HOLD;
    return openOnAtr(input, RANGE_RSI, {
      // Oversold and turning up; overbought and turning down.
      buy: rsi.previous < RANGE_RSI.oversold && rsi.latest >= RANGE_RSI.oversold,
      sell: rsi.previous > RANGE_RSI.overbought && rsi.latest <= RANGE_RSI.overbought,
    });
  },
};
