// The customer-service area's front door: the only file other areas import. What it does not export
// is private.
export { adminSupportRoutes as supportBackOfficeRoutes } from './admin-support.routes';
export { registerSupport } from './support.area';
export { conversationsAwaitingAgent } from './support-figures.repository';
