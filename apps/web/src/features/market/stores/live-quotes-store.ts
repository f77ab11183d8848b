import type { Instrument, MarketStatusReason, Quotation, QuoteUpdate } from '@meridian/contract/market';
import { create } from 'zustand';
import { compareDecimalText } from '../../../lib/decimal-text';
import { statusReasonOf } from '../../../lib/market-state';

export type PriceMove = 'up' | 'down';

export type LiveQuote = {
  quotation: Quotation;
  /** 1 open, 0 closed (spec section 3). */
  marketStatus: 0 | 1;
  /** Why the market is not open (market-state.ts: closed, or prices paused on a real feed); null while open. */
  statusReason: MarketStatusReason;
  /** Which way the last price change went; null until the price has moved. */
  move: PriceMove | null;
  /** Counts the price changes, so a flash starts again on every tick, even in the same direction. */
  moveCount: number;
};

type LiveQuotesState = {
  quotes: Readonly<Record<number, LiveQuote>>;
  /** Quotes from the trade list; a quote newer than the list's (from the socket) is kept. */
  seed(instruments: readonly Instrument[]): void;
  /** A `market.day` push: the instruments whose quote changed. */
  apply(updates: readonly QuoteUpdate[]): void;
};

function seeded(previous: LiveQuote | undefined, instrument: Instrument): LiveQuote {
  if (previous && previous.quotation.Time > instrument.ForexQuotations.Time) return previous;
  return {
    quotation: instrument.ForexQuotations,
    marketStatus: instrument.MarketStatus,
    statusReason: statusReasonOf(instrument.MarketStatus, instrument.MarketStatusReason),
    move: previous?.move ?? null,
    moveCount: previous?.moveCount ?? 0,
  };
}

function moved(previous: LiveQuote | undefined, update: QuoteUpdate): LiveQuote | undefined {
  const quotation = update.ForexQuotations;
  const status = {
    marketStatus: update.MarketStatus,
    statusReason: statusReasonOf(update.MarketStatus, update.MarketStatusReason),
  };
  if (!previous) return { quotation, ...status, move: null, moveCount: 0 };
  // Pushes and list answers can cross on the wire; an older quote never replaces a newer one.
  if (quotation.Time < previous.quotation.Time) return undefined;
  const direction = compareDecimalText(quotation.Close, previous.quotation.Close);
  const changed = direction === 1 || direction === -1;
  return {
    quotation,
    ...status,
    move: changed ? (direction === 1 ? 'up' : 'down') : previous.move,
    moveCount: changed ? previous.moveCount + 1 : previous.moveCount,
  };
}

/**
 * Live prices by instrument id (house style: live prices in a small store fed by the socket).
 * Each row reads only its own entry, so a tick re-renders only the rows whose price moved.
 */
export const useLiveQuotesStore = create<LiveQuotesState>()((set) => ({
  quotes: {},
  seed: (instruments) =>
    set((state) => {
      const quotes = { ...state.quotes };
      for (const instrument of instruments) quotes[instrument.Id] = seeded(quotes[instrument.Id], instrument);
      return { quotes };
    }),
  apply: (updates) =>
    set((state) => {
      let quotes: Record<number, LiveQuote> | null = null;
      for (const update of updates) {
        const next = moved((quotes ?? state.quotes)[update.Id], update);
        if (!next) continue;
        quotes ??= { ...state.quotes };
        quotes[update.Id] = next;
      }
      return quotes ? { quotes } : state;
    }),
}));
