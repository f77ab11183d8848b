import type { Language } from '@meridian/contract/languages';
import type { SessionKind } from '@meridian/domain/market-session';
import CATEGORY_NAMES from './category-names.json' with { type: 'json' };

/**
 * The instrument catalogue a fresh installation starts with. Values are realistic for a retail
 * broker: contract sizes of the trade, lot steps of 0.01, leverage typical of each asset class,
 * a per-lot commission (trade_fee_type 1), and a spread (a fraction of the mid price on each side).
 *
 * Base prices are the simulator's starting levels: approximate closes of Friday 2024-11-29, from
 * public end-of-day quotes of that day (FX at the New York close, futures settlements for oil and
 * gas, spot metals, cash indices, crypto at 00:00 UTC next day), rounded. Each cross is the product
 * or quotient of its legs' levels here (EURJPY = EURUSD x USDJPY), as the simulator keeps it; see
 * docs/decisions.md "Simulated prices agree with each other".
 * The back office edits them later; seeding never overwrites an edited row.
 */
type CategorySeed = { id: number; key: string; sort: number; names: Record<Language, string> };

export type InstrumentSeed = {
  code: string;
  showCode: string;
  categoryId: number;
  /** How the logo is drawn: flags of a pair or a country, a coin's icon, or our own artwork. */
  logo:
    | { kind: 'pair'; base: string; quote: string }
    | { kind: 'flag'; country: string }
    | { kind: 'coin'; symbol: string }
    | { kind: 'art'; name: string };
  /** Currency the price is quoted in; profit and margin convert from it into the account's USDT. */
  quoteCurrency: string;
  session: SessionKind;
  pricePrecision: number;
  basePrice: string;
  annualVolatility: number;
  typicalVolume: number;
  pip: string;
  minLots: string;
  maxLots: string;
  unitsPerLot: string;
  feeRate: string;
  marginMode: 1 | 2;
  leverages: number[];
  spread: string;
  sort: number;
};

/** Category names in the 15 languages live in category-names.json beside this file, as the server's messages do in i18n/locales. */
export const CATEGORIES: CategorySeed[] = [
  {
    id: 1,
    key: 'forex',
    sort: 1,
    names: CATEGORY_NAMES.forex,
  },
  {
    id: 2,
    key: 'crypto',
    sort: 2,
    names: CATEGORY_NAMES.crypto,
  },
  {
    id: 3,
    key: 'metals',
    sort: 3,
    names: CATEGORY_NAMES.metals,
  },
  {
    id: 4,
    key: 'energy',
    sort: 4,
    names: CATEGORY_NAMES.energy,
  },
  {
    id: 5,
    key: 'indices',
    sort: 5,
    names: CATEGORY_NAMES.indices,
  },
];

type ForexRow = [
  code: string,
  base: string,
  quote: string,
  price: string,
  precision: number,
  volatility: number,
];
const FOREX: ForexRow[] = [
  ['EURUSD', 'eu', 'us', '1.05770', 5, 0.07],
  ['GBPUSD', 'gb', 'us', '1.27340', 5, 0.08],
  ['USDJPY', 'us', 'jp', '149.770', 3, 0.09],
  ['AUDUSD', 'au', 'us', '0.65080', 5, 0.09],
  ['USDCAD', 'us', 'ca', '1.40080', 5, 0.06],
  ['USDCHF', 'us', 'ch', '0.88110', 5, 0.07],
  ['NZDUSD', 'nz', 'us', '0.59200', 5, 0.1],
  ['EURGBP', 'eu', 'gb', '0.83061', 5, 0.05],
  ['EURJPY', 'eu', 'jp', '158.412', 3, 0.09],
  ['GBPJPY', 'gb', 'jp', '190.717', 3, 0.1],
  ['AUDJPY', 'au', 'jp', '97.470', 3, 0.11],
  ['EURCHF', 'eu', 'ch', '0.93194', 5, 0.05],
];

type CryptoRow = [
  symbol: string,
  price: string,
  precision: number,
  volatility: number,
  unitsPerLot: string,
  feeRate: string,
];
const CRYPTO: CryptoRow[] = [
  ['BTC', '96400.00', 2, 0.6, '1', '25'],
  ['ETH', '3590.00', 2, 0.7, '1', '1'],
  ['SOL', '237.000', 3, 0.9, '10', '0.5'],
  ['BNB', '655.00', 2, 0.6, '1', '0.2'],
  ['XRP', '1.78000', 5, 0.8, '1000', '0.2'],
  ['DOGE', '0.42000', 5, 1.0, '10000', '0.5'],
  ['ADA', '1.05000', 5, 0.9, '1000', '0.15'],
  ['LTC', '118.00', 2, 0.8, '10', '0.3'],
];

function forexSeed(
  [code, base, quote, price, precision, volatility]: ForexRow,
  index: number,
): InstrumentSeed {
  return {
    code,
    showCode: `${code.slice(0, 3)}/${code.slice(3)}`,
    categoryId: 1,
    logo: { kind: 'pair', base, quote },
    quoteCurrency: code.slice(3),
    session: 'weekly',
    pricePrecision: precision,
    basePrice: price,
    annualVolatility: volatility,
    typicalVolume: 25,
    pip: '0.01',
    minLots: '0.01',
    maxLots: '50',
    unitsPerLot: '100000',
    feeRate: '7',
    marginMode: 2,
    leverages: [50, 100, 200, 500],
    spread: '0.00004',
    sort: index + 1,
  };
}

function cryptoSeed(
  [symbol, price, precision, volatility, unitsPerLot, feeRate]: CryptoRow,
  index: number,
): InstrumentSeed {
  return {
    code: `${symbol}USDT`,
    showCode: `${symbol}/USDT`,
    categoryId: 2,
    logo: { kind: 'coin', symbol: symbol.toLowerCase() },
    quoteCurrency: 'USDT',
    session: 'always',
    pricePrecision: precision,
    basePrice: price,
    annualVolatility: volatility,
    typicalVolume: 8,
    pip: '0.01',
    minLots: '0.01',
    maxLots: '20',
    unitsPerLot,
    feeRate,
    marginMode: 2,
    leverages: [2, 5, 10, 20, 50],
    spread: '0.0002',
    sort: index + 1,
  };
}

const common = { session: 'weekly' as const, pip: '0.01', minLots: '0.01', marginMode: 2 as const };

const OTHERS: InstrumentSeed[] = [
  {
    ...common,
    code: 'XAUUSD',
    quoteCurrency: 'USD',
    showCode: 'XAU/USD',
    categoryId: 3,
    logo: { kind: 'art', name: 'gold' },
    pricePrecision: 2,
    basePrice: '2643.00',
    annualVolatility: 0.15,
    typicalVolume: 15,
    maxLots: '30',
    unitsPerLot: '100',
    feeRate: '10',
    leverages: [20, 50, 100, 200],
    spread: '0.00008',
    sort: 1,
  },
  {
    ...common,
    code: 'XAGUSD',
    quoteCurrency: 'USD',
    showCode: 'XAG/USD',
    categoryId: 3,
    logo: { kind: 'art', name: 'silver' },
    pricePrecision: 3,
    basePrice: '30.600',
    annualVolatility: 0.25,
    typicalVolume: 10,
    maxLots: '30',
    unitsPerLot: '5000',
    feeRate: '10',
    leverages: [20, 50, 100],
    spread: '0.0002',
    sort: 2,
  },
  {
    ...common,
    code: 'XPTUSD',
    quoteCurrency: 'USD',
    showCode: 'XPT/USD',
    categoryId: 3,
    logo: { kind: 'art', name: 'platinum' },
    pricePrecision: 2,
    basePrice: '945.00',
    annualVolatility: 0.25,
    typicalVolume: 4,
    maxLots: '20',
    unitsPerLot: '50',
    feeRate: '10',
    leverages: [10, 20, 50],
    spread: '0.0004',
    sort: 3,
  },
  {
    ...common,
    code: 'USOIL',
    quoteCurrency: 'USD',
    showCode: 'WTI Crude',
    categoryId: 4,
    logo: { kind: 'art', name: 'oil' },
    pricePrecision: 2,
    basePrice: '68.00',
    annualVolatility: 0.35,
    typicalVolume: 12,
    maxLots: '30',
    unitsPerLot: '1000',
    feeRate: '8',
    leverages: [10, 20, 50, 100],
    spread: '0.0003',
    sort: 1,
  },
  {
    ...common,
    code: 'UKOIL',
    quoteCurrency: 'USD',
    showCode: 'Brent Crude',
    categoryId: 4,
    logo: { kind: 'art', name: 'brent' },
    pricePrecision: 2,
    basePrice: '72.94',
    annualVolatility: 0.33,
    typicalVolume: 10,
    maxLots: '30',
    unitsPerLot: '1000',
    feeRate: '8',
    leverages: [10, 20, 50, 100],
    spread: '0.0003',
    sort: 2,
  },
  {
    ...common,
    code: 'NGAS',
    quoteCurrency: 'USD',
    showCode: 'Natural Gas',
    categoryId: 4,
    logo: { kind: 'art', name: 'gas' },
    pricePrecision: 3,
    basePrice: '3.357',
    annualVolatility: 0.6,
    typicalVolume: 6,
    maxLots: '20',
    unitsPerLot: '10000',
    feeRate: '8',
    leverages: [10, 20, 50],
    spread: '0.0008',
    sort: 3,
  },
  {
    ...common,
    code: 'US30',
    quoteCurrency: 'USD',
    showCode: 'US 30',
    categoryId: 5,
    logo: { kind: 'flag', country: 'us' },
    pricePrecision: 1,
    basePrice: '44910.0',
    annualVolatility: 0.16,
    typicalVolume: 10,
    maxLots: '50',
    unitsPerLot: '1',
    feeRate: '2',
    leverages: [10, 20, 50, 100],
    spread: '0.00005',
    sort: 1,
  },
  {
    ...common,
    code: 'US500',
    quoteCurrency: 'USD',
    showCode: 'US 500',
    categoryId: 5,
    logo: { kind: 'flag', country: 'us' },
    pricePrecision: 1,
    basePrice: '6032.0',
    annualVolatility: 0.17,
    typicalVolume: 20,
    maxLots: '50',
    unitsPerLot: '10',
    feeRate: '2',
    leverages: [10, 20, 50, 100],
    spread: '0.00005',
    sort: 2,
  },
  {
    ...common,
    code: 'NAS100',
    quoteCurrency: 'USD',
    showCode: 'US Tech 100',
    categoryId: 5,
    logo: { kind: 'flag', country: 'us' },
    pricePrecision: 1,
    basePrice: '20930.0',
    annualVolatility: 0.22,
    typicalVolume: 15,
    maxLots: '50',
    unitsPerLot: '1',
    feeRate: '2',
    leverages: [10, 20, 50, 100],
    spread: '0.00006',
    sort: 3,
  },
  {
    ...common,
    code: 'GER40',
    quoteCurrency: 'EUR',
    showCode: 'Germany 40',
    categoryId: 5,
    logo: { kind: 'flag', country: 'de' },
    pricePrecision: 1,
    basePrice: '19626.0',
    annualVolatility: 0.18,
    typicalVolume: 8,
    maxLots: '50',
    unitsPerLot: '1',
    feeRate: '2',
    leverages: [10, 20, 50, 100],
    spread: '0.00006',
    sort: 4,
  },
  {
    ...common,
    code: 'UK100',
    quoteCurrency: 'GBP',
    showCode: 'UK 100',
    categoryId: 5,
    logo: { kind: 'flag', country: 'gb' },
    pricePrecision: 1,
    basePrice: '8287.0',
    annualVolatility: 0.15,
    typicalVolume: 6,
    maxLots: '50',
    unitsPerLot: '10',
    feeRate: '2',
    leverages: [10, 20, 50, 100],
    spread: '0.00008',
    sort: 5,
  },
  {
    ...common,
    code: 'JPN225',
    quoteCurrency: 'JPY',
    showCode: 'Japan 225',
    categoryId: 5,
    logo: { kind: 'flag', country: 'jp' },
    pricePrecision: 0,
    basePrice: '38208',
    annualVolatility: 0.2,
    typicalVolume: 6,
    maxLots: '50',
    unitsPerLot: '1',
    feeRate: '2',
    leverages: [10, 20, 50, 100],
    spread: '0.00008',
    sort: 6,
  },
];

export const INSTRUMENTS: InstrumentSeed[] = [...FOREX.map(forexSeed), ...CRYPTO.map(cryptoSeed), ...OTHERS];
