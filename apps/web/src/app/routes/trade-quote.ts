import type { Instrument } from '@meridian/contract/market';
import { MARKET_STATUS } from '@meridian/contract/trading-codes';
import { useMemo } from 'react';
import { useLiveQuotesStore } from '../../features/market/stores/live-quotes-store';
import type { OrderPricing } from '../../features/trading/utils/order-draft';
import { signOfDecimalText } from '../../lib/decimal-text';
import { type PricesPaused, pricesPausedOf, statusReasonOf } from '../../lib/market-state';

export type TradeQuote = Pick<OrderPricing, 'quote' | 'marketOpen' | 'pricesPaused'>;

export type TradeMarketState = { marketOpen: boolean; pricesPaused: PricesPaused | null };

/**
 * Whether the instrument's market is open and, when not, whether its prices are paused (a real
 * feed without a usable price) rather than closed: the socket's when it has said, else
 * the trade list's. Reads the status alone, so a page using it re-renders when the market opens or
 * pauses, not on every tick.
 */
export function useTradeMarketState(instrument: Instrument | undefined): TradeMarketState {
  const liveStatus = useLiveQuotesStore((state) =>
    instrument ? state.quotes[instrument.Id]?.marketStatus : undefined,
  );
  const liveReason = useLiveQuotesStore((state) =>
    instrument ? state.quotes[instrument.Id]?.statusReason : undefined,
  );
  const status = liveStatus ?? instrument?.MarketStatus ?? 0;
  const reason =
    liveReason !== undefined ? liveReason : statusReasonOf(status, instrument?.MarketStatusReason);
  const marketOpen = status === MARKET_STATUS.open;
  return { marketOpen, pricesPaused: marketOpen ? null : pricesPausedOf(reason) };
}

/**
 * The instrument's bid and ask now (null until both are positive) and whether its market is open
 * or its prices paused: what the order bar shows. Kept apart from the order form's pricing
 * (trade-pricing.ts), which adds the currency conversion and so the money arithmetic, loaded with
 * the form.
 */
export function useTradeQuote(instrument: Instrument | undefined): TradeQuote | null {
  const live = useLiveQuotesStore((state) => (instrument ? state.quotes[instrument.Id] : undefined));
  const quotation = live?.quotation ?? instrument?.ForexQuotations;
  const bid = quotation?.Bid;
  const ask = quotation?.Ask;
  const { marketOpen, pricesPaused } = useTradeMarketState(instrument);
  const known = instrument?.QuoteCurrency !== undefined;
  return useMemo(() => {
    if (!known) return null;
    const positive = (price: string | undefined): price is string =>
      price !== undefined && signOfDecimalText(price) > 0;
    return { quote: positive(bid) && positive(ask) ? { bid, ask } : null, marketOpen, pricesPaused };
  }, [known, bid, ask, marketOpen, pricesPaused]);
}
