/** How an instrument's margin is computed (spec section 9; the formulas are in margin.ts). */
export type MarginMode = 'fixed' | 'leveraged';

/** The instrument's wire MarginMode: 1 is a fixed margin per lot, any other value leveraged. */
export function marginModeOf(wireMarginMode: number): MarginMode {
  return wireMarginMode === 1 ? 'fixed' : 'leveraged';
}
