import { accept, type RuleResult, refuse } from '../rule-result';

/**
 * The bounds of a chart indicator's settings. A trader edits them, so they are checked as input
 * (`checkIndicatorPeriod`); a calculator built outside them is a programmer error and throws.
 */
export const INDICATOR_LIMITS = {
  /** The shortest period, in candles. */
  periodBarsMin: 1,
  /** The longest period, in candles: beyond it a chart's history holds too few warm values to draw. */
  periodBarsMax: 500,
  /** The narrowest Bollinger width, in population standard deviations either side of the average. */
  bandWidthDeviationsMin: 0.1,
  /** The widest Bollinger width, in population standard deviations either side of the average. */
  bandWidthDeviationsMax: 10,
} as const;

export type IndicatorSettingRefusal = 'indicator.periodInvalid' | 'indicator.bandWidthInvalid';

/** A period a trader typed: a whole number of candles within the limits. */
export function checkIndicatorPeriod(period: number): RuleResult<number, IndicatorSettingRefusal> {
  if (
    Number.isInteger(period) &&
    period >= INDICATOR_LIMITS.periodBarsMin &&
    period <= INDICATOR_LIMITS.periodBarsMax
  )
    return accept(period);
  return refuse('indicator.periodInvalid', {
    min: String(INDICATOR_LIMITS.periodBarsMin),
    max: String(INDICATOR_LIMITS.periodBarsMax),
  });
}

/** A Bollinger width a trader typed: a finite number of deviations within the limits. */
export function checkBandWidth(width: number): RuleResult<number, IndicatorSettingRefusal> {
  if (
    Number.isFinite(width) &&
    width >= INDICATOR_LIMITS.bandWidthDeviationsMin &&
    width <= INDICATOR_LIMITS.bandWidthDeviationsMax
  )
    return accept(width);
  return refuse('indicator.bandWidthInvalid', {
    min: String(INDICATOR_LIMITS.bandWidthDeviationsMin),
    max: String(INDICATOR_LIMITS.bandWidthDeviationsMax),
  });
}

/** Settings reach a calculator checked: one outside the limits is a programmer error, so fail loudly. */
export function requireIndicatorPeriod(period: number): void {
  if (!checkIndicatorPeriod(period).ok)
    throw new Error(
      `an indicator period must be a whole number of candles from ${INDICATOR_LIMITS.periodBarsMin} to ${INDICATOR_LIMITS.periodBarsMax}, got ${period}`,
    );
}

export function requireBandWidth(width: number): void {
  if (!checkBandWidth(width).ok)
    throw new Error(
      `a Bollinger width must be ${INDICATOR_LIMITS.bandWidthDeviationsMin} to ${INDICATOR_LIMITS.bandWidthDeviationsMax} deviations, got ${width}`,
    );
}
