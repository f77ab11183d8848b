import type { QueryClient } from '@tanstack/react-query';
import { restartFromFirstPage } from '../../../lib/next-page';

/** Query keys of the funds area, all under one root so a change of money refreshes them at once. */
export const FUNDS_KEYS = {
  root: ['funds'] as const,
  coinChannels: ['funds', 'coin-channels'] as const,
  bankCurrencies: ['funds', 'bank-currencies'] as const,
  wireAccounts: (bankCoin: number) => ['funds', 'wire-accounts', bankCoin] as const,
  drawCurrencies: (type: DrawKind) => ['funds', 'draw-currencies', type] as const,
  drawMethods: ['funds', 'draw-methods'] as const,
  drawMethodsOf: (type: DrawKind) => ['funds', 'draw-methods', type] as const,
  records: ['funds', 'records'] as const,
  depositRecords: ['funds', 'records', 'deposits'] as const,
  withdrawalRecords: ['funds', 'records', 'withdrawals'] as const,
};

/** A withdraw currency's and a bound method's type (spec section 7): 1 coin address, 2 bank account. */
export type DrawKind = 1 | 2;

/** After a deposit or a withdrawal is sent: the record lists are read again. */
export function refreshFundsRecords(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: FUNDS_KEYS.records });
}

/** After a method is bound or deleted: every list of methods is read again. */
export function refreshDrawMethods(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: FUNDS_KEYS.drawMethods });
}

/** Pull-to-refresh starts a record list again from its newest page, dropping the pages further down. */
export function restartRecordList(
  queryClient: QueryClient,
  key: typeof FUNDS_KEYS.depositRecords | typeof FUNDS_KEYS.withdrawalRecords,
): Promise<void> {
  return restartFromFirstPage(queryClient, key);
}
