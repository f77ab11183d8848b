import type { FeedInstrument } from '../src/modules/market/live/feed';

/** EUR/USD as the seed catalogue gives it to a feed: five decimals, forex hours. */
export const EURUSD_FEED: FeedInstrument = {
  id: 1,
  code: 'EURUSD',
  session: 'weekly',
  pricePrecision: 5,
  basePrice: '1.08500',
  annualVolatility: 0.07,
  typicalVolume: 25,
};

/** BTC/USDT as the seed catalogue gives it to a feed: two decimals, open all week. */
export const BTCUSDT_FEED: FeedInstrument = {
  id: 13,
  code: 'BTCUSDT',
  session: 'always',
  pricePrecision: 2,
  basePrice: '95000.00',
  annualVolatility: 0.6,
  typicalVolume: 8,
};
