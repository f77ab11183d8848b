import { closePrice } from '@meridian/domain/fill-price';
import type { AccountId, OrderId, UserId } from '@meridian/domain/ids';
import type { Side } from '@meridian/domain/side';
import type { Lots, Money, Price } from '@meridian/domain/trade-values';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import type { OrderRecord } from '../../events';
import { SERVER_LIMITS } from '../../limits';
import type { QuoteInfo } from '../../live-market';
import { type AccountSnapshot, postToLedgerMany } from '../ledger/ledger.public';
import { closeKindOf, fillQuoteOf, recordFills } from './execution-records';
import { conversionOf, type InstrumentTerms, isOpen, pricingOf, tradingTerms } from './instrument-terms';
import { floatingOf } from './order-view';
import {
  announce,
  announcesChanges,
  closeManyInTransaction,
  type MarketClose,
  type OrderChange,
  profitAt,
} from './position-closing';
import { openingEntries } from './settlement-entries';
import * as repository from './trading.repository';

/**
 * What trading offers copy trading's mirroring: copies opened in bulk, in the caller's
 * transaction, with their ledger entries; and copies closed at market. The copy module decides who
 * gets a copy and of what size (packages/domain copy-sizing); trading writes orders and money.
 */

/** One follower's copy, sized and priced by the copy module under the follower's account lock. */
export type CopyOpening = {
  followId: number;
  sourceOrderId: OrderId;
  userId: UserId;
  accountId: AccountId;
  terms: InstrumentTerms;
  side: Side;
  lots: Lots;
  leverage: number | null;
  /** The follower's own fill price (the quote's open side), also the origin price. */
  openPrice: Price;
  stopLoss: Price | null;
  takeProfit: Price | null;
  margin: Money;
  fee: Money;
  /** The quote `openPrice` was taken from and when the trader's order reached us (the execution record). */
  execution?: { quote: QuoteInfo; requestedAt: Date } | undefined;
};

/**
 * Writes the copies as holding market orders and posts their margin and fee, all in the caller's
 * transaction, in a few statements whatever their number. A follow that already copied the source
 * order gets nothing (the unique index); answers the copies written with each account's balance
 * after. The accounts must be locked by the caller (it checked their balances under the lock).
 */
export async function openCopiesInTransaction(
  tx: Tx,
  context: Pick<ServerContext, 'database' | 'config'>,
  openings: readonly CopyOpening[],
  at: Date,
  locked?: ReadonlyMap<AccountId, AccountSnapshot>,
): Promise<OrderChange[]> {
  if (openings.length === 0) return [];
  const written = await repository.insertCopyOrders(
    tx,
    openings.map((copy) => ({
      userId: copy.userId,
      accountId: copy.accountId,
      instrumentId: copy.terms.id,
      side: copy.side,
      entryType: 'market' as const,
      status: 'holding' as const,
      lots: copy.lots,
      leverage: copy.leverage,
      unitsPerLot: copy.terms.unitsPerLot,
      originPrice: copy.openPrice,
      targetPrice: null,
      openPrice: copy.openPrice,
      margin: copy.margin,
      fee: copy.fee,
      stopLoss: copy.stopLoss,
      takeProfit: copy.takeProfit,
      followId: copy.followId,
      sourceOrderId: copy.sourceOrderId,
      createdAt: at,
      openedAt: at,
      updatedAt: at,
    })),
  );
  const announces = announcesChanges(context);
  for (const order of written) await announce(announces, tx, order);
  const byFollow = new Map(openings.map((copy) => [copy.followId, copy.execution]));
  await recordFills(
    tx,
    written.flatMap((order) => {
      const execution = order.followId === null ? undefined : byFollow.get(order.followId);
      return execution && order.openPrice
        ? [{ ...execution, order, kind: 'copy_open' as const, price: order.openPrice, filledAt: at }]
        : [];
    }),
  );
  const postings = written
    .map((order) => ({ accountId: order.accountId, entries: openingEntries(order), at }))
    .filter((posting) => posting.entries.length > 0);
  const balances = new Map(
    (await postToLedgerMany(tx, postings, { locked, newOrderIds: written.map((order) => order.id) })).map(
      (result) => [result.accountId, result.balance],
    ),
  );
  return written.map((order) => ({ order, balance: balances.get(order.accountId) ?? '0' }));
}

/** Live orders per user (the open-order limit applies to copies too). */
export function liveOrderCounts(tx: Tx, userIds: readonly UserId[]): Promise<Map<UserId, number>> {
  return repository.countLiveOrdersByUser(tx, userIds);
}

/** A user's holding positions (a trader's equity before an order opened). */
export function holdingsOfUser(context: ServerContext, userId: UserId): Promise<OrderRecord[]> {
  return repository.listOrdersOfUser(context.db, userId, 'holding');
}

/**
 * Floating profit of holding orders at the live prices, by order id; an order whose instrument has
 * no price or conversion now is left out.
 */
export async function floatingProfits(
  context: ServerContext,
  holdings: readonly OrderRecord[],
): Promise<Map<OrderId, Money>> {
  const { instruments } = await tradingTerms(context);
  const profits = new Map<OrderId, Money>();
  for (const order of holdings) {
    const terms = instruments.get(order.instrumentId);
    const quote = terms ? context.market.quote(terms.id) : undefined;
    const rate = terms ? conversionOf(context.market, terms) : undefined;
    if (!quote || !rate || order.status !== 'holding') continue;
    profits.set(order.id, floatingOf(order, quote, rate).profit);
  }
  return profits;
}

type CopyCloseOutcome = { closed: OrderChange[]; waiting: number };

/**
 * Closes copies at the live price (a buy at the bid, a sell at the ask) with the given reason, a
 * chunk of copies per transaction, each at most once (closed meanwhile by its owner or a trigger:
 * nothing written). A copy whose market is closed or has no price waits (`waiting`): the copy sweep
 * tries again. The events go out after each chunk commits.
 */
export async function closeCopiesAtMarket(
  context: ServerContext,
  copies: readonly OrderRecord[],
  reason: 'trader_closed' | 'copy_stopped',
): Promise<CopyCloseOutcome> {
  const { instruments } = await tradingTerms(context);
  const now = context.clock.now();
  let waiting = 0;
  const closable: MarketClose[] = [];
  const quotes = new Map<number, QuoteInfo>();
  for (const order of copies) {
    const terms = instruments.get(order.instrumentId);
    if (order.status !== 'holding' || !terms) continue;
    if (!isOpen(terms, now) || !context.market.quote(terms.id) || !context.market.pricesLive(terms.id)) {
      waiting += 1;
      continue;
    }
    const pricing = pricingOf(context.market, terms);
    const quoted = fillQuoteOf(context.market, terms.id);
    if (quoted) quotes.set(order.id, quoted);
    const price = closePrice(order.side as Side, pricing.quote);
    closable.push({ order, closePrice: price, profit: profitAt(order, price, pricing.rate) });
  }
  // Accounts are locked in ascending id order, as every bulk writer takes them: no deadlock.
  closable.sort((a, b) => a.order.accountId - b.order.accountId || a.order.id - b.order.id);
  const closed: OrderChange[] = [];
  for (let start = 0; start < closable.length; start += SERVER_LIMITS.copyBatchFollowersMax) {
    const chunk = closable.slice(start, start + SERVER_LIMITS.copyBatchFollowersMax);
    const changes = await context.db.transaction(async (tx) => {
      const done = await closeManyInTransaction(tx, {
        announces: announcesChanges(context),
        closes: chunk,
        reason,
        at: now,
      });
      await recordFills(
        tx,
        done.flatMap(({ order }) => {
          const quote = quotes.get(order.id);
          return quote && order.closePrice
            ? [
                {
                  order,
                  kind: closeKindOf(reason),
                  price: order.closePrice,
                  quote,
                  requestedAt: now,
                  filledAt: now,
                },
              ]
            : [];
        }),
      );
      return done;
    });
    for (const change of changes) context.events.emit('order.closed', change);
    closed.push(...changes);
  }
  return { closed, waiting };
}
