/**
 * Who may open an order on which prices (ARCHITECTURE.md "The market is honest").
 * Real money never trades on invented prices unless staff have allowed it explicitly: a real account
 * opens nothing (market order, pending order or copy) while the prices are simulated, unless the
 * setting `real_trading_on_simulated_prices` is 1. Demo accounts trade on any prices. Closing a
 * position and changing its stops are not openings: a customer can always leave.
 */
export type PriceSourceKind = 'simulated' | 'live';

export type OpeningOnPrices = {
  accountMode: 'real' | 'demo';
  priceSource: PriceSourceKind;
  realTradingOnSimulatedPricesAllowed: boolean;
};

export const SIMULATED_PRICES_REFUSAL = 'error.simulated_prices_real_account';

export function mayOpenOnPrices(opening: OpeningOnPrices): boolean {
  if (opening.accountMode === 'demo' || opening.priceSource === 'live') return true;
  return opening.realTradingOnSimulatedPricesAllowed;
}
