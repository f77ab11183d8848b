import { type QuoteToAccountRate, quoteToAccountRate } from '@meridian/domain/conversion';
import { type MarginMode, marginModeOf } from '@meridian/domain/margin';
import { isMarketOpen, type SessionKind } from '@meridian/domain/market-session';
import { plainDecimal } from '@meridian/domain/money';
import { mayOpenOnPrices, SIMULATED_PRICES_REFUSAL } from '@meridian/domain/price-source-rule';
import type { Quote } from '@meridian/domain/quote';
import type { ServerContext } from '../../context';
import { priceSourceOf } from '../../feed-config';
import { Rejection } from '../../http/errors';
import type { LiveMarket } from '../../live-market';
import { type CatalogueSnapshot, type InstrumentRow, instrumentCatalogue } from '../market/market.public';
import { getNumberSetting, getSetting } from '../settings/settings.public';

/** What trading reads of an instrument: its contract terms, in the domain's words. */
export type InstrumentTerms = {
  id: number;
  code: string;
  showCode: string;
  enabled: boolean;
  session: SessionKind;
  pricePrecision: number;
  quoteCurrency: string;
  marginMode: MarginMode;
  leverages: readonly number[];
  unitsPerLot: string;
  feeRate: string;
  minLots: string;
  maxLots: string;
  pip: string;
};

export function termsOf(row: InstrumentRow): InstrumentTerms {
  return {
    id: row.id,
    code: row.code,
    showCode: row.showCode,
    enabled: row.enabled,
    session: row.session,
    pricePrecision: row.pricePrecision,
    quoteCurrency: row.quoteCurrency,
    marginMode: marginModeOf(row.marginMode),
    leverages: row.leverages,
    // Stored as numeric(30, 8); written plainly so that messages say 0.01, not 0.01000000.
    unitsPerLot: plainDecimal(row.unitsPerLot),
    feeRate: plainDecimal(row.feeRate),
    minLots: plainDecimal(row.minLots),
    maxLots: plainDecimal(row.maxLots),
    pip: plainDecimal(row.pip),
  };
}

/**
 * The instruments' terms and the two settings orders follow, derived once per snapshot of the
 * node's instrument catalogue (market.public `instrumentCatalogue`): an order reads them without a
 * query of its own, and they change exactly when the catalogue's version does (an edit of an
 * instrument or a setting, on any node), with no timer or forgetting of their own.
 */
type TradingTerms = {
  instruments: Map<number, InstrumentTerms>;
  tradeFeeType: number;
  /** The setting real_trading_on_simulated_prices is 1: real accounts may trade on simulated prices. */
  realTradingOnSimulatedPricesAllowed: boolean;
};
const termsBySnapshot = new WeakMap<CatalogueSnapshot, Promise<TradingTerms>>();

export async function tradingTerms(context: ServerContext): Promise<TradingTerms> {
  const snapshot = await instrumentCatalogue(context).read();
  let terms = termsBySnapshot.get(snapshot);
  if (!terms) {
    terms = deriveTerms(context, snapshot);
    termsBySnapshot.set(snapshot, terms);
    // A failed settings read is not kept: the next order tries again.
    terms.catch(() => termsBySnapshot.delete(snapshot));
  }
  return terms;
}

/** The settings are read after the snapshot's version, so they are never older than it says. */
async function deriveTerms(context: ServerContext, snapshot: CatalogueSnapshot): Promise<TradingTerms> {
  const [tradeFeeType, realOnSimulated] = await Promise.all([
    getNumberSetting(context.db, 'trade_fee_type'),
    getSetting(context.db, 'real_trading_on_simulated_prices'),
  ]);
  return {
    instruments: new Map(snapshot.rows.map((row) => [row.id, termsOf(row)])),
    tradeFeeType,
    realTradingOnSimulatedPricesAllowed: realOnSimulated === '1',
  };
}

/** An instrument's terms, enabled or not; undefined for an unknown id. */
export async function findTerms(context: ServerContext, instrumentId: number) {
  return (await tradingTerms(context)).instruments.get(instrumentId);
}

/** MarketStatus 1: the instrument's session is open now. */
export function isOpen(terms: InstrumentTerms, at: Date): boolean {
  return isMarketOpen(terms.session, at);
}

/**
 * Refuses an opening (a market or pending order, a copy) on a real account while the prices are
 * simulated, unless staff allowed it (packages/domain price-source-rule). Closing is never refused.
 */
export function requirePricesFor(
  context: Pick<ServerContext, 'config'>,
  terms: Pick<TradingTerms, 'realTradingOnSimulatedPricesAllowed'>,
  accountMode: 'real' | 'demo',
): void {
  if (!mayOpenOnAccount(context, terms, accountMode)) throw new Rejection(SIMULATED_PRICES_REFUSAL);
}

/** Whether an account of `accountMode` may open an order on this installation's prices now. */
export function mayOpenOnAccount(
  context: Pick<ServerContext, 'config'>,
  terms: Pick<TradingTerms, 'realTradingOnSimulatedPricesAllowed'>,
  accountMode: 'real' | 'demo',
): boolean {
  return mayOpenOnPrices({
    accountMode,
    priceSource: priceSourceOf(context.config.feeds),
    realTradingOnSimulatedPricesAllowed: terms.realTradingOnSimulatedPricesAllowed,
  });
}

/** Refuses when the market is closed: no order opens or closes by a user then (spec section 4). */
export function requireOpen(terms: InstrumentTerms, at: Date): void {
  if (!isOpen(terms, at)) throw new Rejection('error.market_closed');
}

/** The conversion of the instrument's quote currency into USDT at the live mid prices. */
export function conversionOf(market: LiveMarket, terms: InstrumentTerms): QuoteToAccountRate | undefined {
  return quoteToAccountRate(terms.quoteCurrency, (code) => market.midByCode(code));
}

/** The live quote and conversion an order is priced at; refused when the market has neither. */
export function pricingOf(
  market: LiveMarket,
  terms: InstrumentTerms,
): { quote: Quote; rate: QuoteToAccountRate } {
  // A real feed's missing, refused or stale price is no price to trade at.
  if (!market.pricesLive(terms.id)) throw new Rejection('error.prices_paused');
  const quote = market.quote(terms.id);
  if (!quote) throw new Rejection('error.price_unavailable');
  const rate = conversionOf(market, terms);
  if (!rate) throw new Rejection('error.conversion_unavailable');
  return { quote, rate };
}
