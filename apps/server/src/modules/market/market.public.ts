// The market area's front door: the only file other areas import. What it does not export is private.
export {
  FEED_PROBLEMS,
  type FeedHealthReport,
  feedHealthReport,
  refusalsOf,
} from './feeds/feed-health';
export type { CatalogueSnapshot } from './instrument-catalogue';
export { type MarketOptions, MarketRuntime } from './live/runtime';
export { type MarketAreaOptions, marketArea, openLiveMarket } from './market.area';
export {
  type InstrumentRow,
  type InstrumentTermsPatch,
  instrumentCatalogue,
  kline,
  listCategoryNames,
  listInstruments,
  lockInstrument,
  seedMarket,
  updateInstrumentTerms,
} from './market.service';
