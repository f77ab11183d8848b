import type { ExecutionList, Order, SetStopRequest, SubmitOrderRequest } from '@meridian/contract/trading';
import { closePrice } from '@meridian/domain/fill-price';
import { type AccountId, asOrderId, type OrderId, type UserId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import { openingCost } from '@meridian/domain/settlement';
import type { Side } from '@meridian/domain/side';
import { asPrice } from '@meridian/domain/trade-values';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { OrderRecord } from '../../events';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import type { AuthenticatedUser } from '../auth/auth.public';
import {
  type AccountSnapshot,
  findAccountOfUser,
  lockAccountForUpdate,
  postToLedger,
} from '../ledger/ledger.public';
import { closeKindOf, type Fill, fillQuoteOf, listExecutionRecords, recordFills } from './execution-records';
import {
  conversionOf,
  findTerms,
  type InstrumentTerms,
  pricingOf,
  requireOpen,
  requirePricesFor,
  tradingTerms,
} from './instrument-terms';
import { checkOrderStops, type OrderPlan, planOrder } from './order-rules';
import { orderView } from './order-view';
import {
  announce,
  announcesChanges,
  cancelInTransaction,
  closeInTransaction,
  type OrderChange,
  profitAt,
} from './position-closing';
import { openingEntries } from './settlement-entries';
import * as repository from './trading.repository';

/**
 * Orders placed, closed, cancelled and changed by their owner (spec section 7: forex submit, close,
 * cancel_trade, set_stop_price). Every change of money is one transaction holding the order row and
 * its ledger entries; the domain events go out after it commits.
 */

type SubmitInput = SubmitOrderRequest & { idempotencyKey: string | undefined };

export async function accountOf(
  context: ServerContext,
  user: Pick<AuthenticatedUser, 'id'>,
): Promise<AccountSnapshot> {
  const account = await findAccountOfUser(context.db, user.id);
  if (!account) throw new Error(`user ${user.id} has no trading account`);
  return account;
}

const accountIds = new WeakMap<object, Map<UserId, AccountId>>();

async function accountIdOf(context: ServerContext, user: AuthenticatedUser): Promise<AccountId> {
  let known = accountIds.get(context.db);
  if (!known) {
    known = new Map();
    accountIds.set(context.db, known);
  }
  const cached = known.get(user.id);
  if (cached !== undefined) return cached;
  const { accountId } = await accountOf(context, user);
  if (known.size >= SERVER_LIMITS.accountIdsRememberedMax) known.clear();
  known.set(user.id, accountId);
  return accountId;
}

async function termsOfOrder(context: ServerContext, order: OrderRecord): Promise<InstrumentTerms> {
  const terms = await findTerms(context, order.instrumentId);
  if (!terms) throw new Error(`order ${order.id} names a missing instrument ${order.instrumentId}`);
  return terms;
}

/** The order as answered now, marked at the live price. */
function viewNow(context: ServerContext, order: OrderRecord, terms: InstrumentTerms): Order {
  return orderView(order, terms, {
    quote: context.market.quote(terms.id),
    rate: conversionOf(context.market, terms),
  });
}

/** Places a market order (filled at once) or a pending one (waits for its target). */
export async function submitOrder(
  context: ServerContext,
  user: AuthenticatedUser,
  input: SubmitInput,
  arrivedAt: Date = context.clock.now(),
): Promise<Order> {
  const key = input.idempotencyKey;
  const accountId = await accountIdOf(context, user);
  if (key !== undefined) {
    const original = await answerOriginal(context, user, key);
    if (original) return original;
  }
  const known = await tradingTerms(context);
  const terms = known.instruments.get(input.forex_id);
  if (!terms?.enabled) throw new Rejection('error.instrument_unknown');
  requirePricesFor(context, known, user.isDemo ? 'demo' : 'real');
  const { tradeFeeType } = known;
  const now = context.clock.now();
  requireOpen(terms, now);
  const pricing = pricingOf(context.market, terms);
  // Read in the same synchronous step as `pricing`: the very quote the order is priced at.
  const quoted = fillQuoteOf(context.market, terms.id);
  const plan = planOrder(input, terms, pricing, tradeFeeType);
  let change: OrderChange;
  try {
    change = await context.db.transaction((tx) =>
      placeInTransaction(tx, {
        announces: announcesChanges(context),
        user,
        accountId,
        terms,
        plan,
        key,
        now,
        record: quoted && { quote: quoted, requestedAt: arrivedAt },
      }),
    );
  } catch (error) {
    // The same key raced itself: the other request committed first; answer its order.
    if (key !== undefined && isUniqueViolation(error, 'orders_idempotency_unique')) {
      const original = await answerOriginal(context, user, key);
      if (original) return original;
    }
    throw error;
  }
  context.events.emit(plan.entryType === 'market' ? 'order.opened' : 'order.placed', change);
  return orderView(change.order, terms, pricing);
}

async function answerOriginal(
  context: ServerContext,
  user: AuthenticatedUser,
  key: string,
): Promise<Order | undefined> {
  const original = await repository.findByIdempotencyKey(context.db, user.id, key);
  return original ? viewNow(context, original, await termsOfOrder(context, original)) : undefined;
}

/** What an order row is made from: who places it, on which account, the terms and plan, its key and time. */
type NewOrder = {
  user: AuthenticatedUser;
  accountId: AccountId;
  terms: InstrumentTerms;
  plan: OrderPlan;
  key: string | undefined;
  now: Date;
};

/**
 * Places the order in three statements and the commit: the account lock, the order row with its
 * user's live-order count, and the ledger posting (entries and balances) from the balances read
 * under the lock. The limit and the balance are checked in that order; a refusal rolls the row back.
 */
async function placeInTransaction(
  tx: Tx,
  request: NewOrder & {
    announces: boolean;
    /** A market order's execution record: the quote it filled at and the request's arrival. */
    record: Pick<Fill, 'quote' | 'requestedAt'> | undefined;
  },
): Promise<OrderChange> {
  const { announces, accountId, plan, now } = request;
  // The account lock first: it serializes this account's orders, so the limit and the balance
  // checked here are still true when the order commits.
  const locked = await lockAccountForUpdate(tx, accountId);
  const { order, liveOrdersBefore } = await repository.insertOrderCountingLive(tx, newOrderRow(request));
  if (liveOrdersBefore >= SERVER_LIMITS.openOrdersPerAccountMax)
    throw new Rejection('error.open_orders_max', { max: SERVER_LIMITS.openOrdersPerAccountMax });
  const cost = openingCost(plan.margin, plan.fee);
  if (toDecimal(locked.balance).lt(toDecimal(cost)))
    throw new Rejection('error.order_insufficient_balance', { required: toDecimal(cost).toFixed(2) });
  await announce(announces, tx, order);
  if (order.status === 'holding' && order.openPrice !== null && request.record)
    await recordFills(tx, [
      { ...request.record, order, kind: 'market_open', price: order.openPrice, filledAt: now },
    ]);
  const entries = openingEntries(order);
  if (entries.length === 0) return { order, balance: locked.balance };
  const posting = await postToLedger(
    tx,
    { accountId, entries, at: now },
    { locked, newOrderIds: [order.id] },
  );
  return { order, balance: posting.balance };
}

function newOrderRow(request: NewOrder): repository.PlacedOrderRow {
  const { user, accountId, terms, plan, key, now } = request;
  const market = plan.entryType === 'market';
  return {
    userId: user.id,
    accountId,
    instrumentId: terms.id,
    side: plan.side,
    entryType: plan.entryType,
    status: market ? 'holding' : 'pending',
    lots: plan.lots,
    leverage: plan.leverage,
    unitsPerLot: terms.unitsPerLot,
    originPrice: plan.originPrice,
    targetPrice: plan.targetPrice,
    openPrice: market ? plan.openPrice : null,
    margin: plan.margin,
    fee: plan.fee,
    stopLoss: plan.stops.stopLoss,
    takeProfit: plan.stops.takeProfit,
    idempotencyKey: key ?? null,
    createdAt: now,
    openedAt: market ? now : null,
    updatedAt: now,
  };
}

/** The user's own order, or the same refusal whether it is missing or someone else's. */
async function ownOrder(
  context: ServerContext,
  user: AuthenticatedUser,
  orderId: OrderId,
): Promise<OrderRecord> {
  const order = await repository.findOrderOfUser(context.db, orderId, user.id);
  if (!order) throw new Rejection('error.order_not_found');
  return order;
}

function requireStatus(order: OrderRecord, wanted: 'pending' | 'holding'): void {
  if (order.status === wanted) return;
  if (order.status === 'closed' || order.status === 'cancelled') throw new Rejection('error.order_ended');
  throw new Rejection(wanted === 'holding' ? 'error.order_is_pending' : 'error.order_is_holding');
}

/** Closes the user's position at the live price (a buy sells at the bid, a sell buys at the ask). */
export async function closeOrder(
  context: ServerContext,
  user: AuthenticatedUser,
  orderId: OrderId,
  arrivedAt: Date = context.clock.now(),
): Promise<Order> {
  const order = await ownOrder(context, user, orderId);
  requireStatus(order, 'holding');
  const terms = await termsOfOrder(context, order);
  const now = context.clock.now();
  requireOpen(terms, now);
  const pricing = pricingOf(context.market, terms);
  const quoted = fillQuoteOf(context.market, terms.id);
  const price = closePrice(order.side as Side, pricing.quote);
  const change = await context.db.transaction(async (tx) => {
    const closed = await closeInTransaction(tx, {
      announces: announcesChanges(context),
      order,
      closePrice: price,
      profit: profitAt(order, price, pricing.rate),
      reason: 'user',
      at: now,
    });
    if (closed && quoted)
      await recordFills(tx, [
        { order, kind: closeKindOf('user'), price, quote: quoted, requestedAt: arrivedAt, filledAt: now },
      ]);
    return closed;
  });
  // A trigger (or a second tap) closed it first: it closed once, by that.
  if (!change) throw new Rejection('error.order_ended');
  context.events.emit('order.closed', change);
  return orderView(change.order, terms, pricing);
}

/**
 * Cancels the user's pending order: margin and fee come back. Allowed while the market is closed,
 * since it opens and closes nothing and needs no price.
 */
export async function cancelOrder(
  context: ServerContext,
  user: AuthenticatedUser,
  orderId: OrderId,
): Promise<Order> {
  const order = await ownOrder(context, user, orderId);
  requireStatus(order, 'pending');
  const terms = await termsOfOrder(context, order);
  const now = context.clock.now();
  const change = await context.db.transaction((tx) =>
    cancelInTransaction(tx, { announces: announcesChanges(context), order, reason: 'user', at: now }),
  );
  if (!change) throw new Rejection('error.order_ended');
  context.events.emit('order.cancelled', change);
  return viewNow(context, change.order, terms);
}

/**
 * Sets, changes or clears the stops of a pending or holding order. An absent field keeps its value;
 * 0 or empty clears it. Checked by the stop rule against the open price (the target for a pending
 * order) and, for a position, the live close price.
 */
export async function setStops(
  context: ServerContext,
  user: AuthenticatedUser,
  request: SetStopRequest,
): Promise<Order> {
  const order = await ownOrder(context, user, asOrderId(request.id));
  if (order.status !== 'pending' && order.status !== 'holding') throw new Rejection('error.order_ended');
  const status = order.status;
  const terms = await termsOfOrder(context, order);
  const now = context.clock.now();
  requireOpen(terms, now);
  const pricing = pricingOf(context.market, terms);
  const side = order.side as Side;
  const stops = checkOrderStops({
    side,
    openPrice: asPrice(order.openPrice ?? order.targetPrice ?? order.originPrice),
    currentPrice: status === 'holding' ? closePrice(side, pricing.quote) : null,
    stopLoss: request.stop_loss_price ?? order.stopLoss,
    takeProfit: request.target_profit_price ?? order.takeProfit,
    pricePrecision: terms.pricePrecision,
  });
  const changed = await context.db.transaction(async (tx) => {
    await lockAccountForUpdate(tx, order.accountId);
    const updated = await repository.updateStops(tx, {
      orderId: order.id,
      status,
      stopLoss: stops.stopLoss,
      takeProfit: stops.takeProfit,
      at: now,
    });
    await announce(announcesChanges(context), tx, updated);
    return updated;
  });
  // It filled, closed or was cancelled meanwhile: the stops were checked against a state it left.
  if (!changed) throw new Rejection(status === 'pending' ? 'error.order_changed' : 'error.order_ended');
  context.events.emit('order.stops_changed', { order: changed });
  return orderView(changed, terms, pricing);
}

/** Orders as answered now (copy trading lists a follower's copies with them). */
export async function viewOrders(context: ServerContext, records: readonly OrderRecord[]): Promise<Order[]> {
  const { instruments } = await tradingTerms(context);
  return records.map((order) => {
    const terms = instruments.get(order.instrumentId);
    if (!terms) throw new Error(`order ${order.id} names a missing instrument ${order.instrumentId}`);
    return viewNow(context, order, terms);
  });
}

/** The order's execution records, oldest first, to its owner only (the same refusal as close). */
export async function orderExecution(
  context: ServerContext,
  user: AuthenticatedUser,
  orderId: OrderId,
): Promise<ExecutionList> {
  const order = await ownOrder(context, user, orderId);
  return { order_id: order.id, list: await listExecutionRecords(context.db, order.id) };
}
