import { rateOfChange } from './indicators';
import { openOnAtr } from './sizing';
import { decideExit, HOLD, type StrategyDefinition } from './strategy';

/**
 * BTC Momentum ("crypto_momentum"), BTCUSDT on hourly closes.
 *
 * Published rule: the 12-hour rate of change of the close. When it rises above +2 % (it was not
 * above the hour before), buy; when it falls below -2 %, sell. The stop-loss lies 2 average true
 * ranges of 14 hours from the open price, the take-profit 3. The position is also closed when the
 * momentum turns (the rate of change crosses zero against it). Each order risks 0.75 % of equity at
 * its stop, with margin at most 25 % of equity, at leverage 10.
 */
export const CRYPTO_MOMENTUM = {
  rocPeriod: 12,
  entryThreshold: 0.02,
  atrPeriod: 14,
  stopAtr: 2,
  takeProfitAtr: 3,
  riskFraction: '0.0075',
  marginFractionMax: '0.25',
  leverage: 10,
} as const;

export const cryptoMomentum: StrategyDefinition = {
  key: 'crypto_momentum',
  instrumentCode: 'BTCUSDT',
  barMinutes: 60,
  lookbackBars: 60,
  leverage: CRYPTO_MOMENTUM.leverage,
  decide(input) {
    const closes = input.bars.map((bar) => bar.close);
    const momentum = rateOfChange(closes, CRYPTO_MOMENTUM.rocPeriod);
    const before = rateOfChange(closes, CRYPTO_MOMENTUM.rocPeriod, 1);
    if (momentum === undefined || before === undefined) return HOLD;
    // The momentum turned: it crossed zero against the position.
    if (input.position)
      return decideExit(input.position, input.nowMs, { signal: { buy: momentum < 0, sell: momentum > 0 } });
    const threshold = CRYPTO_MOMENTUM.entryThreshold;
    return openOnAtr(input, CRYPTO_MOMENTUM, {
      buy: momentum > threshold && before <= threshold,
      sell: momentum < -threshold && before >= -threshold,
    });
  },
};
