import { createHash } from 'node:crypto';
import type { Language } from '@meridian/contract/languages';
import { LIMITS } from '@meridian/contract/limits';
import type {
  Category,
  Instrument,
  PeriodLabel,
  Quotation,
  Sparkline,
  Candle as WireCandle,
} from '@meridian/contract/market';
import { type Candle, PERIODS, periodStartMs } from '@meridian/domain/candles';
import { plainDecimal } from '@meridian/domain/money';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import type { MarketState } from '../../live-market';
import type { InstrumentCatalogue } from './instrument-catalogue';
import { searchInstruments } from './instrument-search';
import { toWireCandle } from './live/broadcast';
import { CATEGORIES, INSTRUMENTS } from './live/catalogue';
import { logoSvg } from './live/logos';
import { MarketRuntime } from './live/runtime';
import type { InstrumentRow, InstrumentTermsPatch } from './market.repository';

export type { InstrumentRow, InstrumentTermsPatch };

import * as repository from './market.repository';

/** Categories with their names in the reader's language (English when a name is missing). */
export async function listCategories(context: ServerContext, language: Language): Promise<Category[]> {
  const rows = await repository.listCategories(context.db);
  return rows.map((row) => ({ Id: row.id, NameShowTrans: row.names[language] ?? row.names.en ?? row.key }));
}

/**
 * The trade list: enabled instruments (optionally one category, optionally those a search finds
 * by code or by name, see instrument-search.ts) with live quotes and the
 * session's status now. An instrument the live market has not loaded yet (added since the start)
 * is left out.
 */
export async function tradeList(
  context: ServerContext,
  query: { searchCurrency?: string | undefined; category_id?: number | undefined },
  language: Language,
): Promise<Instrument[]> {
  const enabled = await repository.listEnabledInstruments(context.db, { categoryId: query.category_id });
  const rows = searchInstruments(enabled, query.searchCurrency, language);
  const nowMs = context.clock.now().getTime();
  return rows.flatMap((row) => {
    const quotation = context.market.quotation(row.id, nowMs);
    return quotation ? [toInstrument(row, quotation, context.market.marketState(row.id, nowMs))] : [];
  });
}

/** Each instrument's sparkline for the home list: the closes of its last 24 trading hours. */
export async function sparklines(context: ServerContext): Promise<Sparkline[]> {
  const rows = await repository.listEnabledInstruments(context.db);
  return rows.flatMap((row) => {
    const points = context.market.sparkline(row.id);
    return points ? [{ Id: row.id, Points: points }] : [];
  });
}

/**
 * Candles of one instrument and period, oldest first, at most LIMITS.klineCandlesMax, ending with
 * the candle in progress (or, with `before`, with the last one that starts before it). Recent
 * candles come from memory, older ones from the database: stored minutes for 1M, stored days for
 * 1D, and minutes aggregated in SQL for 5M to 1H.
 */
export async function kline(
  context: ServerContext,
  query: { forex_id: number; period: PeriodLabel; before?: number | undefined },
): Promise<WireCandle[]> {
  const row = await repository.findEnabledInstrument(context.db, query.forex_id);
  // Read memory before the database: it then holds every candle from `fromMs` on, whatever a
  // write commits meanwhile, and the database every candle before.
  const memory = row ? context.market.memoryCandles(row.id, query.period) : undefined;
  if (!row || !memory) throw new Rejection('error.instrument_unknown');
  const period = query.period;
  const beforeMs =
    query.before === undefined ? Number.MAX_SAFE_INTEGER : periodStartMs(period, query.before * 1000);
  const upperMs = Math.min(beforeMs, memory.fromMs);
  const count = LIMITS.klineCandlesMax;
  let stored: Candle[];
  if (period === '1M') stored = await repository.latestCandles(context.db, row.id, 1, upperMs, count);
  else if (period === '1D') stored = await repository.latestCandles(context.db, row.id, 1440, upperMs, count);
  else stored = await repository.latestAggregatedCandles(context.db, row.id, PERIODS[period], upperMs, count);
  const recent = memory.candles.filter((candle) => candle.time < beforeMs);
  return [...stored, ...recent].slice(-count).map((candle) => toWireCandle(candle, row.pricePrecision));
}

/**
 * The node's instrument catalogue: the one copy of the instruments that readers keep nothing of their
 * own beside (the trading terms, the engine, the forex.closed labels); see instrument-catalogue.ts.
 */
export function instrumentCatalogue(context: Pick<ServerContext, 'market'>): InstrumentCatalogue {
  // The live market owns it; a context without one is a programmer error, not a business outcome.
  if (!(context.market instanceof MarketRuntime))
    throw new Error('this context has no live market catalogue');
  return context.market.catalogue;
}

/** Every instrument's terms, enabled or not, read from the database now (the back office's list). */
export async function listInstruments(db: DbOrTx): Promise<InstrumentRow[]> {
  return repository.listAllInstruments(db);
}

/** Categories with their English names (the back office's instrument table groups by them). */
export async function listCategoryNames(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  const rows = await repository.listCategories(db);
  return rows.map((row) => ({ id: row.id, name: row.names.en ?? row.key }));
}

/**
 * The back office's edit of an instrument's terms, in its transaction: the row locked, then written.
 * The live market, trading and charts take the edit once the transaction committed, at the
 * catalogue's next check of its version (the caller asks for one at once: `LiveMarket.refreshTerms`).
 * The statements are the repository's own; the area's door passes them on unchanged.
 */
export { lockInstrument, updateInstrumentTerms } from './market.repository';

const logoCache = new Map<string, string>();

/** An instrument's logo as SVG text, or undefined for an unknown code. */
export async function logo(context: ServerContext, code: string): Promise<string | undefined> {
  const row = await repository.findInstrumentByCode(context.db, code.toUpperCase());
  if (!row) return undefined;
  const key = JSON.stringify(row.logo);
  let svg = logoCache.get(key);
  if (!svg) {
    svg = logoSvg(row.logo);
    logoCache.set(key, svg);
  }
  return svg;
}

/** The logo's address; the version changes with the artwork, so browsers may cache it for good. */
function logoPath(row: InstrumentRow): string {
  const version = createHash('sha256').update(JSON.stringify(row.logo)).digest('hex').slice(0, 10);
  return `/v1/api/forex/logo/${row.code}.svg?v=${version}`;
}

function toInstrument(row: InstrumentRow, quotation: Quotation, state: MarketState): Instrument {
  return {
    Id: row.id,
    Code: row.code,
    ShowCode: row.showCode,
    Logo: logoPath(row),
    CategoryId: row.categoryId,
    MarketStatus: state.status,
    MarketStatusReason: state.reason,
    PricePrecision: row.pricePrecision,
    Pip: plainDecimal(row.pip),
    ForexMinCont: plainDecimal(row.minLots),
    ForexMaxCont: plainDecimal(row.maxLots),
    ForexContNum: plainDecimal(row.unitsPerLot),
    ForexFeeRate: plainDecimal(row.feeRate),
    MarginMode: row.marginMode,
    HasForexMultiple: row.leverages.map((value) => ({ Value: value })),
    QuoteCurrency: row.quoteCurrency,
    Spread: plainDecimal(row.spread),
    ForexQuotations: quotation,
  };
}

/** Seeds the catalogue's categories and instruments; rows that exist (perhaps edited) are left alone. */
export async function seedMarket(db: DbOrTx): Promise<void> {
  await repository.insertMissingCategories(db, CATEGORIES);
  await repository.insertMissingInstruments(
    db,
    INSTRUMENTS.map((seed) => ({
      code: seed.code,
      showCode: seed.showCode,
      categoryId: seed.categoryId,
      logo: seed.logo,
      quoteCurrency: seed.quoteCurrency,
      session: seed.session,
      pricePrecision: seed.pricePrecision,
      basePrice: seed.basePrice,
      annualVolatility: String(seed.annualVolatility),
      typicalVolume: seed.typicalVolume,
      pip: seed.pip,
      minLots: seed.minLots,
      maxLots: seed.maxLots,
      unitsPerLot: seed.unitsPerLot,
      feeRate: seed.feeRate,
      marginMode: seed.marginMode,
      leverages: seed.leverages,
      spread: seed.spread,
      feedSymbol: seed.code,
      sort: seed.sort,
    })),
  );
}
