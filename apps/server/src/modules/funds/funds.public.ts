// The funds area's front door: the only file other areas import. What it does not export is private.
export { seedFunds } from './channels.service';
export { recentFundsOf } from './customer-funds';
export { fundsArea } from './funds.area';
export { fundsFigures } from './funds-figures.repository';
