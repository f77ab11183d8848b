import { toDecimal } from '@meridian/domain/money';
import { closeSettlement } from '@meridian/domain/settlement';
import { asMoney, type Money } from '@meridian/domain/trade-values';
import type { OrderRecord } from '../../events';
import type { LedgerEntryInput } from '../ledger/ledger.public';

/**
 * The ledger entries of an order's life (ARCHITECTURE.md Principle 1): a move between buckets is a
 * pair summing to zero, money entering or leaving one entry. Zero amounts are left out (the ledger
 * refuses empty entries). Every entry names the order.
 */

function isZero(amount: string): boolean {
  return toDecimal(amount).isZero();
}

function negated(amount: string): string {
  return toDecimal(amount).negated().toFixed();
}

function plain(amount: string): string {
  return toDecimal(amount).toFixed();
}

/** Margin from the balance into the order (a pair). */
function marginMove(orderId: number, margin: string, direction: 'reserve' | 'release'): LedgerEntryInput[] {
  if (isZero(margin)) return [];
  const kind = direction === 'reserve' ? 'margin_reserve' : 'margin_release';
  const memoKey = `ledger.${kind}`;
  const intoOrder = direction === 'reserve' ? plain(margin) : negated(margin);
  return [
    { bucket: 'balance', amount: negated(intoOrder), kind, memoKey, orderId },
    { bucket: 'margin', amount: intoOrder, kind, memoKey, orderId },
  ];
}

/** Placing an order: margin reserved (a pair) and the fee charged (one entry). */
export function openingEntries(order: OrderRecord): LedgerEntryInput[] {
  const entries = marginMove(order.id, order.margin, 'reserve');
  if (!isZero(order.fee))
    entries.push({
      bucket: 'balance',
      amount: negated(order.fee),
      kind: 'trade_fee',
      memoKey: 'ledger.trade_fee',
      orderId: order.id,
    });
  return entries;
}

/** Cancelling a pending order: margin back (a pair) and the fee refunded (one entry). */
export function cancelEntries(order: OrderRecord): LedgerEntryInput[] {
  const entries = marginMove(order.id, order.margin, 'release');
  if (!isZero(order.fee))
    entries.push({
      bucket: 'balance',
      amount: plain(order.fee),
      kind: 'trade_fee_refund',
      memoKey: 'ledger.trade_fee_refund',
      orderId: order.id,
    });
  return entries;
}

/**
 * Closing a position: margin back (a pair), then, when the loss would take the balance below zero,
 * the negative balance protection entry, then the realised profit (one entry). The protection comes
 * before the loss so that no entry ever leaves the balance below zero (the ledger refuses that),
 * and the balance ends at exactly zero.
 */
export function closeEntries(
  order: OrderRecord,
  balanceBefore: string,
  realisedProfit: Money,
): { entries: LedgerEntryInput[]; negativeBalanceReset: Money } {
  const settlement = closeSettlement(asMoney(balanceBefore), asMoney(order.margin), realisedProfit);
  const entries = marginMove(order.id, order.margin, 'release');
  if (!isZero(settlement.negativeBalanceReset))
    entries.push({
      bucket: 'balance',
      amount: plain(settlement.negativeBalanceReset),
      kind: 'negative_balance_reset',
      memoKey: 'ledger.negative_balance_reset',
      orderId: order.id,
    });
  if (!isZero(realisedProfit))
    entries.push({
      bucket: 'balance',
      amount: plain(realisedProfit),
      kind: 'realized_pnl',
      memoKey: 'ledger.realized_pnl',
      orderId: order.id,
    });
  return { entries, negativeBalanceReset: settlement.negativeBalanceReset };
}
