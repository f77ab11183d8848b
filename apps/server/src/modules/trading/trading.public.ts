// The trading area's front door: the only file other areas import. What it does not export is
// private (the repository, the engine, the closing of positions).
export { forexDetail, myDeal, ordersForStaff } from './account.service';
export {
  type CopyOpening,
  closeCopiesAtMarket,
  floatingProfits,
  holdingsOfUser,
  liveOrderCounts,
  openCopiesInTransaction,
} from './copy-orders';
export type { TradingEngine } from './engine/engine';
export { checkRecentFills } from './execution-records';
export { type InstrumentExposure, openExposure } from './exposure.repository';
export { type InstrumentTerms, isOpen, mayOpenOnAccount, pricingOf, tradingTerms } from './instrument-terms';
export { accepted } from './order-rules';
export type { OrderChange } from './position-closing';
export { tradingArea } from './trading.area';
export type { OrderRecord } from './trading.repository';
export { accountOf, closeOrder, submitOrder, viewOrders } from './trading.service';
export { closeByTrigger, readOrder } from './triggers.service';
