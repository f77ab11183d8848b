// The funds area's front door: the only file other areas import. What it does not export is private.
export { adminFundsRoutes as fundsBackOfficeRoutes } from './admin-funds.routes';
export { fundsProposalHandlers } from './channel-changes';
export { seedFunds } from './channels.service';
export { type RecentFunds, recentFundsOf } from './customer-funds';
export { registerFunds } from './funds.area';
export { type FundsFigure, type FundsFigures, fundsFigures } from './funds-figures.repository';
