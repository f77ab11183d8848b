import type { Instrument } from '@meridian/contract/market';
import { conversionPairOf as findConversionPair, quoteToAccountRate } from '@meridian/domain/conversion';
import { useMemo } from 'react';
import { useLiveQuotesStore } from '../../features/market/stores/live-quotes-store';
import type { OrderPricing } from '../../features/trading/utils/order-draft';
import { signOfDecimalText } from '../../lib/decimal-text';
import { useTradeQuote } from './trade-quote';

/**
 * The instrument whose mid converts a quote currency into the account's USDT, found by the
 * domain's own pair lookup (QUOTE/USD when listed, else USD/QUOTE).
 */
export function conversionPairOf(
  quoteCurrency: string,
  instruments: readonly Instrument[],
): Instrument | undefined {
  return findConversionPair(quoteCurrency, (code) =>
    instruments.find((instrument) => instrument.Code === code),
  )?.pair;
}

/**
 * The live prices the order form checks and previews at, joined here because they come from the
 * market feature (the live quote store) and are used by the trading feature. The conversion uses
 * the pair's last price as shown (its mid at the pair's precision); the server converts at the
 * unrounded mid, so a preview can differ from the charge in the last places, never more.
 */
export function useOrderPricing(
  instrument: Instrument | undefined,
  instruments: readonly Instrument[],
): OrderPricing | null {
  const shown = useTradeQuote(instrument);
  const pair = instrument ? conversionPairOf(instrument.QuoteCurrency, instruments) : undefined;
  const pairClose = useLiveQuotesStore((state) =>
    pair ? state.quotes[pair.Id]?.quotation.Close : undefined,
  );
  const quoteCurrency = instrument?.QuoteCurrency;
  const pairCode = pair?.Code;
  const pairMid = pairClose ?? pair?.ForexQuotations.Close;
  return useMemo(() => {
    if (!quoteCurrency || !shown) return null;
    const midOf = (code: string) =>
      code === pairCode && pairMid !== undefined && signOfDecimalText(pairMid) > 0 ? pairMid : undefined;
    return { ...shown, conversion: quoteToAccountRate(quoteCurrency, midOf) };
  }, [quoteCurrency, shown, pairCode, pairMid]);
}
