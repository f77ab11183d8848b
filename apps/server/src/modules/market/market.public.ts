// The market area's front door: the only file other areas import. What it does not export is private.
export {
  FEED_PROBLEMS,
  type FeedHealthReport,
  feedHealthReport,
  type InstrumentHealthReport,
  refusalsOf,
} from './feeds/feed-health';
export type { CatalogueSnapshot, InstrumentCatalogue } from './instrument-catalogue';
export { type MarketOptions, MarketRuntime } from './live/runtime';
export { type MarketAreaOptions, marketArea, openLiveMarket } from './market.area';
export {
  findInstrument,
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
