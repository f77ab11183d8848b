import type { Instrument } from '@meridian/contract/market';
import { statusReasonOf } from '../../../lib/market-state';
import { type LiveQuote, useLiveQuotesStore } from '../stores/live-quotes-store';

/** The instrument's latest quote: the socket's when it has one, otherwise the trade list's. */
export function useLiveQuote(instrument: Instrument): LiveQuote {
  const live = useLiveQuotesStore((state) => state.quotes[instrument.Id]);
  return (
    live ?? {
      quotation: instrument.ForexQuotations,
      marketStatus: instrument.MarketStatus,
      statusReason: statusReasonOf(instrument.MarketStatus, instrument.MarketStatusReason),
      move: null,
      moveCount: 0,
    }
  );
}
