// The ledger's front door: the only file other areas import. What it does not export is private.
export {
  type AccountSnapshot,
  balancesOf,
  billingHistory,
  findAccountIdOfUser,
  findAccountOfUser,
} from './account-reads';
export {
  type LedgerEntryInput,
  lockAccountForUpdate,
  lockAccountsForUpdate,
  openTradingAccount,
  postToLedger,
  postToLedgerMany,
} from './ledger.service';
