import type { OrderId } from '@meridian/domain/ids';
import { type DecimalInput, type DecimalValue, toDecimal } from '@meridian/domain/money';
import { settleClose } from '@meridian/domain/settlement';
import { type Money, moneyOf } from '@meridian/domain/trade-values';
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

function plain(amount: string): string {
  return toDecimal(amount).toFixed();
}

/** Margin from the balance into the order (a pair). */
function marginMove(
  orderId: OrderId,
  margin: DecimalValue,
  direction: 'reserve' | 'release',
): LedgerEntryInput[] {
  if (margin.isZero()) return [];
  const kind = direction === 'reserve' ? 'margin_reserve' : 'margin_release';
  const memoKey = `ledger.${kind}`;
  const intoOrder = direction === 'reserve' ? margin : margin.negated();
  return [
    { bucket: 'balance', amount: intoOrder.negated().toFixed(), kind, memoKey, orderId },
    { bucket: 'margin', amount: intoOrder.toFixed(), kind, memoKey, orderId },
  ];
}

/** Placing an order: margin reserved (a pair) and the fee charged (one entry). */
export function openingEntries(order: OrderRecord): LedgerEntryInput[] {
  const entries = marginMove(order.id, toDecimal(order.margin), 'reserve');
  if (!isZero(order.fee))
    entries.push({
      bucket: 'balance',
      amount: toDecimal(order.fee).negated().toFixed(),
      kind: 'trade_fee',
      memoKey: 'ledger.trade_fee',
      orderId: order.id,
    });
  return entries;
}

/** Cancelling a pending order: margin back (a pair) and the fee refunded (one entry). */
export function cancelEntries(order: OrderRecord): LedgerEntryInput[] {
  const entries = marginMove(order.id, toDecimal(order.margin), 'release');
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
 * and the balance ends at exactly zero. Also answers where the entries leave the balance, so a batch
 * of closes of one account can start the next close there.
 */
export function closeEntries(
  order: OrderRecord,
  balanceBefore: DecimalInput,
  realisedProfit: Money,
): { entries: LedgerEntryInput[]; negativeBalanceReset: Money; balanceAfter: DecimalValue } {
  const margin = toDecimal(order.margin);
  const profit = toDecimal(realisedProfit);
  const settlement = settleClose(toDecimal(balanceBefore), margin, profit);
  const entries = marginMove(order.id, margin, 'release');
  const reset = settlement.negativeBalanceReset;
  if (!reset.isZero())
    entries.push({
      bucket: 'balance',
      amount: reset.toFixed(),
      kind: 'negative_balance_reset',
      memoKey: 'ledger.negative_balance_reset',
      orderId: order.id,
    });
  if (!profit.isZero())
    entries.push({
      bucket: 'balance',
      amount: profit.toFixed(),
      kind: 'realized_pnl',
      memoKey: 'ledger.realized_pnl',
      orderId: order.id,
    });
  return { entries, negativeBalanceReset: moneyOf(reset), balanceAfter: settlement.balanceAfter };
}
