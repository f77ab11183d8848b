import type { Instrument } from '@meridian/contract/market';
import { useMemo } from 'react';
import { useLiveQuotesStore } from '../../features/market/stores/live-quotes-store';
import type { OrderPricing } from '../../features/trading/utils/order-draft';
import { signOfDecimalText } from '../../lib/decimal-text';

export type TradeQuote = Pick<OrderPricing, 'quote' | 'marketOpen'>;

/**
 * The instrument's bid and ask now (null until both are positive) and whether its market is open:
 * what the order bar shows. Kept apart from the order form's pricing (trade-pricing.ts), which adds
 * the currency conversion and so the money arithmetic, loaded with the form.
 */
export function useTradeQuote(instrument: Instrument | undefined): TradeQuote | null {
  const live = useLiveQuotesStore((state) => (instrument ? state.quotes[instrument.Id] : undefined));
  const quotation = live?.quotation ?? instrument?.ForexQuotations;
  const bid = quotation?.Bid;
  const ask = quotation?.Ask;
  const marketStatus = live?.marketStatus ?? instrument?.MarketStatus;
  const known = instrument?.QuoteCurrency !== undefined;
  return useMemo(() => {
    if (!known) return null;
    const positive = (price: string | undefined): price is string =>
      price !== undefined && signOfDecimalText(price) > 0;
    return { quote: positive(bid) && positive(ask) ? { bid, ask } : null, marketOpen: marketStatus === 1 };
  }, [known, bid, ask, marketStatus]);
}
