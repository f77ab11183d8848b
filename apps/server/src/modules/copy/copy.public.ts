// The copy trading area's front door: the only file other areas import. What it does not export is private.

export { type CopyAreaOptions, copyArea } from './copy.area';
export type { CopyTrading } from './copy-runtime';
export { followsOfCustomer } from './customer-follows';
