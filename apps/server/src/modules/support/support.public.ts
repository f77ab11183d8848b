// The customer-service area's front door: the only file other areas import. What it does not export
// is private.
export { supportArea } from './support.area';
export { conversationsAwaitingAgent } from './support-figures.repository';
