import type { FeedInstrument } from './feed';

/**
 * The simulator's picture of the world: prices are made of a few underlying
 * values, so related instruments cannot contradict each other.
 *
 * - An **asset** is one value that wanders: a currency's worth in US dollars (EUR, JPY), or a thing
 *   priced in dollars (XAU, BTC, USOIL), or an instrument nothing else explains (GER40 in its own
 *   currency). Its log follows an Ornstein-Uhlenbeck process around its base level.
 * - Assets of a **group** (currencies, precious metals, crypto, equity indices) share a common
 *   factor, so they move together with a correlation of about the group's `share`.
 * - An instrument's price is a **formula** of assets: an asset itself or its inverse (EURUSD,
 *   USDJPY, XAUUSD, BTCUSDT, US30); a cross of two (EURJPY = EUR / JPY); or an asset over another
 *   with a positive spread (Brent = WTI x (1 + spread)).
 * - A cross is made from its **legs as the market shows them**: when EURUSD and USDJPY are
 *   instruments, EURJPY is their rounded prices multiplied, then rounded to its own precision, so a
 *   trader who multiplies the screen's prices gets the screen's cross.
 */

export type Group = { name: string; share: number };

export type AssetDefinition = {
  name: string;
  /** Log of the level the asset wanders around. */
  baseLog: number;
  annualVolatility: number;
  /** Per year; half-life ln 2 / rate. */
  reversionRate: number;
  group: Group | undefined;
  /** How it was defined: by the instrument that quotes it against the dollar, or inferred from another. */
  source: 'direct' | 'inferred';
};

export type Formula =
  | { kind: 'asset'; asset: string; inverse: boolean }
  | { kind: 'cross'; base: string; quote: string }
  | { kind: 'over'; base: string; spread: string };

/** The instrument that quotes an asset against the dollar, whose rounded price a cross uses as its leg. */
type Direct = { code: string; inverse: boolean; scale: number };

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const halfLifeRate = (days: number) => Math.LN2 / ((days * 24 * 3600 * 1000) / YEAR_MS);
/** Prices revert to their base level with this half-life, so no path drifts to zero or infinity. */
const REVERSION_RATE = halfLifeRate(90);

/**
 * Correlations a trader expects. A currency's dollar value loads on one "dollar" factor (EUR/USD
 * and USD/CHF move against each other, and EUR/CHF moves less than either); equity indices, precious
 * metals and coins each move with their own market.
 */
const FX: Group = { name: 'fx', share: 0.6 };
const EQUITY: Group = { name: 'equity', share: 0.7 };
const PRECIOUS: Group = { name: 'precious', share: 0.75 };
const CRYPTO: Group = { name: 'crypto', share: 0.75 };

const CURRENCIES = new Set(
  'EUR GBP JPY CHF AUD CAD NZD SEK NOK DKK PLN HUF CZK TRY ZAR MXN SGD HKD CNH CNY ILS INR KRW THB BRL'.split(
    ' ',
  ),
);
/** Dollar stablecoins count as dollars: BTCUSDT is bitcoin's dollar price. */
const DOLLARS = ['USDT', 'USDC', 'USD'];
const PRECIOUS_METALS = new Set(['XAU', 'XAG', 'XPT', 'XPD']);
const COINS = new Set([
  'BTC',
  'ETH',
  'SOL',
  'BNB',
  'XRP',
  'DOGE',
  'ADA',
  'LTC',
  'DOT',
  'AVAX',
  'LINK',
  'TRX',
]);
const INDICES = new Set(
  'US30 US500 NAS100 US2000 GER40 DE40 UK100 FRA40 EU50 ESP35 ITA40 JPN225 AUS200 HK50 CHN50'.split(' '),
);
/** Brent instruments and the WTI asset each is priced over. */
const BRENT_OVER_WTI: Record<string, string> = { UKOIL: 'USOIL', XBRUSD: 'XTI', BRENT: 'WTI' };
/**
 * Brent over WTI, as a fraction of WTI: about 7 % (USD 4.94 over 68.00 on 2024-11-29), wandering
 * with a 20-day half-life so it stays within a few dollars, and never below `SPREAD_RANGE[0]`.
 */
const BRENT_SPREAD_DEFAULT = 0.07;
const SPREAD_RANGE: readonly [number, number] = [0.01, 0.2];
const SPREAD_VOLATILITY = 0.6;
const SPREAD_REVERSION_RATE = halfLifeRate(20);

/** Where an instrument's price comes from, and the assets it needs, defined as instruments arrive. */
export class WorldModel {
  readonly assets = new Map<string, AssetDefinition>();
  private readonly directs = new Map<string, Direct>();
  private readonly formulas = new Map<string, Formula>();

  /** Learns an instrument (again): its formula, and the assets it defines or implies. */
  define(instrument: FeedInstrument): Formula {
    const formula = formulaOf(instrument.code);
    this.formulas.set(instrument.code, formula);
    const base = Number(instrument.basePrice);
    const volatility = instrument.annualVolatility;
    if (formula.kind === 'asset') {
      const baseLog = formula.inverse ? -Math.log(base) : Math.log(base);
      this.assets.set(formula.asset, {
        name: formula.asset,
        baseLog,
        annualVolatility: volatility,
        reversionRate: REVERSION_RATE,
        group: groupOf(formula.asset, instrument.code),
        source: 'direct',
      });
      this.directs.set(formula.asset, {
        code: instrument.code,
        inverse: formula.inverse,
        scale: 10 ** instrument.pricePrecision,
      });
    } else if (formula.kind === 'cross') {
      const known = this.assets.get(formula.quote) ?? this.assets.get(formula.base);
      const quoteLog =
        this.assets.get(formula.quote)?.baseLog ?? (known ? known.baseLog - Math.log(base) : 0);
      this.infer(formula.quote, quoteLog, volatility);
      this.infer(formula.base, quoteLog + Math.log(base), volatility);
    } else {
      const wti = this.assets.get(formula.base);
      const spread = wti ? clampSpread(base / Math.exp(wti.baseLog) - 1) : BRENT_SPREAD_DEFAULT;
      this.infer(formula.base, Math.log(base / (1 + spread)), volatility);
      this.assets.set(formula.spread, {
        name: formula.spread,
        baseLog: Math.log(spread),
        annualVolatility: SPREAD_VOLATILITY,
        reversionRate: SPREAD_REVERSION_RATE,
        group: undefined,
        source: 'direct',
      });
    }
    return formula;
  }

  formula(code: string): Formula | undefined {
    return this.formulas.get(code);
  }

  asset(name: string): AssetDefinition {
    const asset = this.assets.get(name);
    if (!asset) throw new Error(`unknown asset ${name}`);
    return asset;
  }

  /**
   * Sets the assets a price at `price` implies into `logs` (asset -> log value). An instrument that
   * quotes an asset against the dollar always sets it. A cross or Brent sets only what `logs` does
   * not know yet; what it knows, it follows (so an old database whose cross disagrees with its legs
   * gets the legs' cross from the next tick, and a cross without legs starts exactly at its price).
   */
  anchor(formula: Formula, price: number, logs: Map<string, number>): void {
    const priceLog = Math.log(price);
    if (formula.kind === 'asset') {
      logs.set(formula.asset, formula.inverse ? -priceLog : priceLog);
      return;
    }
    if (formula.kind === 'cross') {
      const baseLog = logs.get(formula.base);
      const quoteLog = logs.get(formula.quote);
      if (baseLog !== undefined && quoteLog === undefined) logs.set(formula.quote, baseLog - priceLog);
      if (baseLog !== undefined) return;
      const quote = quoteLog ?? this.asset(formula.quote).baseLog;
      logs.set(formula.quote, quote);
      logs.set(formula.base, quote + priceLog);
      return;
    }
    const wtiLog = logs.get(formula.base);
    const spread =
      wtiLog === undefined
        ? Math.exp(logs.get(formula.spread) ?? this.asset(formula.spread).baseLog)
        : clampSpread(price / this.legValue(formula.base, wtiLog) - 1);
    logs.set(formula.spread, Math.log(spread));
    if (wtiLog === undefined) logs.set(formula.base, priceLog - Math.log(1 + spread));
  }

  /** The model's price (before the final rounding) from the assets' log values. */
  price(formula: Formula, log: (asset: string) => number): number {
    if (formula.kind === 'asset') return Math.exp(formula.inverse ? -log(formula.asset) : log(formula.asset));
    if (formula.kind === 'cross') {
      return (
        this.legValue(formula.base, log(formula.base)) / this.legValue(formula.quote, log(formula.quote))
      );
    }
    return this.legValue(formula.base, log(formula.base)) * (1 + Math.exp(log(formula.spread)));
  }

  /** An asset's dollar value as the market shows it: through its instrument's rounded price if it has one. */
  private legValue(asset: string, logValue: number): number {
    const direct = this.directs.get(asset);
    if (!direct) return Math.exp(logValue);
    if (direct.inverse) return direct.scale / Math.round(Math.exp(-logValue) * direct.scale);
    return Math.round(Math.exp(logValue) * direct.scale) / direct.scale;
  }

  private infer(name: string, baseLog: number, volatility: number): void {
    if (this.assets.has(name)) return;
    this.assets.set(name, {
      name,
      baseLog,
      annualVolatility: volatility,
      reversionRate: REVERSION_RATE,
      group: groupOf(name, name),
      source: 'inferred',
    });
  }
}

/** The assets a formula reads. */
export function assetsOf(formula: Formula): string[] {
  if (formula.kind === 'asset') return [formula.asset];
  if (formula.kind === 'cross') return [formula.base, formula.quote];
  return [formula.base, formula.spread];
}

/**
 * Reads an instrument's code: BASE+QUOTE where the quote is a currency or a dollar (EURJPY, USDJPY,
 * XAUUSD, BTCUSDT), a known Brent code, else an asset of its own (US30, USOIL, GER40 in euros:
 * an index in its own currency is not converted from the dollar).
 */
function formulaOf(code: string): Formula {
  const wti = BRENT_OVER_WTI[code];
  if (wti) return { kind: 'over', base: wti, spread: `${code}~spread` };
  const quote = [...DOLLARS, ...CURRENCIES].find(
    (candidate) => code.length >= candidate.length + 3 && code.endsWith(candidate),
  );
  const base = quote ? code.slice(0, -quote.length) : '';
  if (!quote || !/^[A-Z]+$/.test(base)) return { kind: 'asset', asset: code, inverse: false };
  const quoteIsDollar = DOLLARS.includes(quote);
  const baseIsDollar = DOLLARS.includes(base);
  if (quoteIsDollar && baseIsDollar) return { kind: 'asset', asset: code, inverse: false };
  if (quoteIsDollar) return { kind: 'asset', asset: base, inverse: false };
  if (baseIsDollar) return { kind: 'asset', asset: quote, inverse: true };
  return { kind: 'cross', base, quote };
}

function groupOf(asset: string, code: string): Group | undefined {
  if (CURRENCIES.has(asset)) return FX;
  if (PRECIOUS_METALS.has(asset)) return PRECIOUS;
  if (COINS.has(asset) || code.endsWith('USDT') || code.endsWith('USDC')) return CRYPTO;
  if (INDICES.has(asset)) return EQUITY;
  return undefined;
}

function clampSpread(spread: number): number {
  if (!Number.isFinite(spread)) return BRENT_SPREAD_DEFAULT;
  return Math.min(Math.max(spread, SPREAD_RANGE[0]), SPREAD_RANGE[1]);
}
