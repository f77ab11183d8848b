import { copyRelationshipResult } from '@meridian/domain/copy-stop-loss';
import { PLACES, toDecimal } from '@meridian/domain/money';
import { asMoney, type Money, moneyAt } from '@meridian/domain/trade-values';
import type { ServerContext } from '../../context';
import { floatingProfits } from '../trading/trading.public';
import * as copyRows from './copies.repository';

export type FollowResult = {
  /** Net of fees, closed and open copies together (copy-stop-loss.ts), exact. */
  result: Money;
  openCopies: number;
  closedCopies: number;
};

/**
 * The result of each follow so far: its closed copies' realised profit minus fees (one aggregate),
 * and its open copies' floating profit at the live prices minus fees. An open copy without a price
 * now counts with no floating profit, only its fee.
 */
export async function followResults(
  context: ServerContext,
  followIds: readonly number[],
): Promise<Map<number, FollowResult>> {
  const [closedTotals, holdings] = await Promise.all([
    copyRows.closedCopyTotals(context.db, followIds),
    copyRows.holdingCopiesOfFollows(context.db, followIds),
  ]);
  const floating = await floatingProfits(context, holdings);
  const openByFollow = new Map<number, { floatingProfit: Money; fee: Money }[]>();
  for (const order of holdings) {
    const list = openByFollow.get(order.followId as number) ?? [];
    list.push({ floatingProfit: floating.get(order.id) ?? asMoney('0'), fee: asMoney(order.fee) });
    openByFollow.set(order.followId as number, list);
  }
  const results = new Map<number, FollowResult>();
  for (const followId of followIds) {
    const closed = closedTotals.get(followId);
    const open = openByFollow.get(followId) ?? [];
    const openResult = copyRelationshipResult([], open);
    results.set(followId, {
      result: asMoney(
        toDecimal(openResult)
          .plus(toDecimal(closed?.net ?? '0'))
          .toFixed(),
      ),
      openCopies: open.length,
      closedCopies: closed?.count ?? 0,
    });
  }
  return results;
}

/** A result as shown: 6 places (spec section 9: profit at 6). */
export function shownResult(result: Money): string {
  return moneyAt(toDecimal(result), PLACES.profit);
}
