import { closePrice } from '@meridian/domain/fill-price';
import type { AccountId, OrderId } from '@meridian/domain/ids';
import { type DecimalInput, toDecimal } from '@meridian/domain/money';
import { formatPrice } from '@meridian/domain/quote';
import type { Side } from '@meridian/domain/side';
import { selectStopOut } from '@meridian/domain/stop-out';
import { asMoney, asPrice } from '@meridian/domain/trade-values';
import type { ServerContext } from '../../context';
import type { OrderRecord } from '../../events';
import { SERVER_LIMITS } from '../../limits';
import type { QuoteInfo } from '../../live-market';
import { lockAccountForUpdate, lockAccountsForUpdate } from '../ledger/ledger.public';
import { closeKindOf, type Fill, fillQuoteOf, recordFills } from './execution-records';
import { conversionOf, findTerms, type InstrumentTerms, isOpen, tradingTerms } from './instrument-terms';
import { floatingOf } from './order-view';
import {
  announce,
  announcesChanges,
  closeInTransaction,
  closeManyInTransaction,
  type MarketClose,
  type OrderChange,
  profitAt,
} from './position-closing';
import * as repository from './trading.repository';

/**
 * What the trigger engine asks of trading (ARCHITECTURE.md "Runtime picture": engine -> trading
 * service, one transaction per trigger). Each action is guarded by the state it expects, so a
 * trigger fires exactly once however it races the owner's own close or a change of stops:
 * - `done`: it happened, and its event went out;
 * - `gone`: the order had already left that state (closed, cancelled, filled): nothing was written;
 * - `stale`: the order's trigger price changed since the index read it: nothing was written, and
 *   the engine re-reads the order.
 */
export type TriggerOutcome = 'done' | 'gone' | 'stale';

export type StopTrigger = {
  orderId: OrderId;
  kind: 'stopLoss' | 'takeProfit';
  price: string;
  /** The quote the engine collected the trigger on (the first that crossed it); absent: the live one. */
  crossing?: QuoteInfo | undefined;
};

/** A trigger fill's record: the crossing quote is the one used; the tick's time stands for the request's. */
function triggerFill(
  order: OrderRecord,
  kind: Fill['kind'],
  price: string,
  crossing: QuoteInfo,
  triggerPrice: string,
  at: Date,
): Fill {
  return {
    order,
    kind,
    price,
    quote: crossing,
    requestedAt: new Date(crossing.receivedMs),
    filledAt: at,
    crossing: { triggerPrice, quote: crossing.quote },
  };
}

function samePrice(stored: string | null, fired: DecimalInput): boolean {
  return stored !== null && toDecimal(stored).eq(toDecimal(fired));
}

/** A pending order whose target the price reached opens at the target (its margin and fee are already held). */
export async function fillPendingOrder(
  context: ServerContext,
  orderId: OrderId,
  price: string,
  crossing?: QuoteInfo,
): Promise<TriggerOutcome> {
  const now = context.clock.now();
  const change = await context.db.transaction(async (tx): Promise<OrderChange | TriggerOutcome> => {
    const order = await repository.findOrder(tx, orderId);
    if (order?.status !== 'pending') return 'gone';
    if (!samePrice(order.targetPrice, price)) return 'stale';
    const account = await lockAccountForUpdate(tx, order.accountId);
    const filled = await repository.markFilled(tx, { orderId, price: order.targetPrice ?? price, at: now });
    await announce(announcesChanges(context), tx, filled);
    const quoted = crossing ?? fillQuoteOf(context.market, order.instrumentId);
    if (filled?.openPrice && quoted)
      await recordFills(tx, [triggerFill(filled, 'pending_fill', filled.openPrice, quoted, price, now)]);
    return filled ? { order: filled, balance: account.balance } : 'gone';
  });
  if (typeof change === 'string') return change;
  context.events.emit('order.opened', change);
  return 'done';
}

/** A stop-loss or take-profit closes the position at its own price (ARCHITECTURE.md "Trading rules"). */
export async function closeByTrigger(context: ServerContext, trigger: StopTrigger): Promise<TriggerOutcome> {
  const order = await repository.findOrder(context.db, trigger.orderId);
  if (order?.status !== 'holding') return 'gone';
  const terms = await findTerms(context, order.instrumentId);
  if (!terms) throw new Error(`order ${order.id} names a missing instrument`);
  const rate = conversionOf(context.market, terms);
  if (!rate) throw new Error(`no conversion into USDT for ${terms.code}; the trigger waits`);
  const now = context.clock.now();
  const crossing = trigger.crossing ?? fillQuoteOf(context.market, order.instrumentId);
  const change = await context.db.transaction(async (tx): Promise<OrderChange | TriggerOutcome> => {
    // Under the account lock the stops cannot change (set_stop_price takes it too).
    await lockAccountForUpdate(tx, order.accountId);
    const current = await repository.lockOrder(tx, order.id);
    if (current?.status !== 'holding') return 'gone';
    const stop = trigger.kind === 'stopLoss' ? current.stopLoss : current.takeProfit;
    if (stop === null || !samePrice(stop, trigger.price)) return 'stale';
    const price = asPrice(formatPrice(stop, terms.pricePrecision));
    const reason = trigger.kind === 'stopLoss' ? 'stop_loss' : 'take_profit';
    const profit = profitAt(current, price, rate);
    const closed = await closeInTransaction(tx, {
      announces: announcesChanges(context),
      order: current,
      closePrice: price,
      profit,
      reason,
      at: now,
    });
    if (!closed) return 'gone';
    if (crossing)
      await recordFills(tx, [triggerFill(current, closeKindOf(reason), price, crossing, trigger.price, now)]);
    return closed;
  });
  if (typeof change === 'string') return change;
  context.events.emit('order.closed', change);
  return 'done';
}

/**
 * Many stop-losses and take-profits crossed by one quote, closed in one transaction:
 * the accounts locked in ascending id order, the orders read under their row locks, then the closes
 * set-based (`closeManyInTransaction`: one update of the orders, one insert of the ledger entries,
 * one update of the balances, aggregated per account) and one insert of the execution records. Each
 * trigger keeps the single close's guards: an order no longer holding is `gone`, one whose stop
 * changed is `stale`, and nothing is written for either. The events go out after the commit. When
 * the batch fails as a whole (one bad order), every trigger of it is tried again on its own
 * (`closeByTrigger`), so one order never keeps the others open. Answers each trigger's outcome by
 * order id; a trigger whose retry failed too is missing (the engine reads it again).
 */
export async function closeByTriggers(
  context: ServerContext,
  triggers: readonly (StopTrigger & { accountId: AccountId })[],
  onError: (error: unknown, orderId: OrderId | undefined) => void,
  /** The instruments' terms the caller holds (the engine's catalogue); absent: read from the database. */
  catalogue?: ReadonlyMap<number, InstrumentTerms>,
): Promise<Map<number, TriggerOutcome>> {
  const outcomes = new Map<number, TriggerOutcome>();
  const byOrder = new Map(triggers.map((trigger) => [trigger.orderId, trigger]));
  // Grouped by account (stable: an account's closes keep the engine's order), so that the chunks
  // touch few accounts each and two chunks rarely share one.
  const unique = [...byOrder.values()].sort((a, b) => a.accountId - b.accountId);
  const chunks: (typeof unique)[] = [];
  for (let start = 0; start < unique.length; start += SERVER_LIMITS.engineCloseBatchMax)
    chunks.push(unique.slice(start, start + SERVER_LIMITS.engineCloseBatchMax));
  const terms = catalogue ?? (await tradingTerms(context)).instruments;
  const closeChunk = async (batch: typeof unique) => {
    try {
      const { changes, skipped } = await closeBatch(context, batch, terms);
      for (const [orderId, outcome] of skipped) outcomes.set(orderId, outcome);
      for (const change of changes) {
        outcomes.set(change.order.id, 'done');
        context.events.emit('order.closed', change);
      }
    } catch (error) {
      onError(error, undefined);
      for (const trigger of batch) {
        try {
          outcomes.set(trigger.orderId, await closeByTrigger(context, trigger));
        } catch (single) {
          onError(single, trigger.orderId);
        }
      }
    }
  };
  // Two chunks in flight: one's statements wait for PostgreSQL while the other's closes are computed
  // or its events and pushes go out. Each locks its accounts in ascending id order (no deadlock); a
  // chunk that shares an account with the other waits for its commit and reads the balance it left.
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const batch = chunks[next] as typeof unique;
      next += 1;
      await closeChunk(batch);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(SERVER_LIMITS.engineCloseBatchesAtOnceMax, chunks.length) }, worker),
  );
  return outcomes;
}

async function closeBatch(
  context: ServerContext,
  batch: readonly (StopTrigger & { accountId: AccountId })[],
  catalogue: ReadonlyMap<number, InstrumentTerms>,
): Promise<{ changes: OrderChange[]; skipped: Map<OrderId, TriggerOutcome> }> {
  const now = context.clock.now();
  const triggerOf = new Map(batch.map((trigger) => [trigger.orderId, trigger]));
  return context.db.transaction(async (tx) => {
    const skipped = new Map<OrderId, TriggerOutcome>();
    // The accounts first, in ascending id order (every writer of an account takes its lock before
    // touching its orders), then the orders as stored: under those locks neither their status nor
    // their stops can change (closes and set_stop_price take the account lock too).
    const locked = await lockAccountsForUpdate(tx, [...new Set(batch.map((trigger) => trigger.accountId))]);
    const current = await repository.findOrders(tx, [...triggerOf.keys()]);
    const found = new Set(current.map((order) => order.id));
    for (const orderId of triggerOf.keys()) if (!found.has(orderId)) skipped.set(orderId, 'gone');
    const closes: MarketClose[] = [];
    const fills: Fill[] = [];
    for (const order of current) {
      const trigger = triggerOf.get(order.id) as StopTrigger & { accountId: AccountId };
      if (order.status !== 'holding') {
        skipped.set(order.id, 'gone');
        continue;
      }
      // The engine's account for the order was not the stored one (never expected): read it again.
      if (order.accountId !== trigger.accountId || !locked.has(order.accountId)) {
        skipped.set(order.id, 'stale');
        continue;
      }
      const stop = trigger.kind === 'stopLoss' ? order.stopLoss : order.takeProfit;
      if (stop === null || !samePrice(stop, trigger.price)) {
        skipped.set(order.id, 'stale');
        continue;
      }
      const terms = catalogue.get(order.instrumentId);
      if (!terms) throw new Error(`order ${order.id} names a missing instrument`);
      const rate = conversionOf(context.market, terms);
      if (!rate) throw new Error(`no conversion into USDT for ${terms.code}; the trigger waits`);
      const price = asPrice(formatPrice(stop, terms.pricePrecision));
      const reason = trigger.kind === 'stopLoss' ? 'stop_loss' : 'take_profit';
      closes.push({ order, closePrice: price, profit: profitAt(order, price, rate), reason });
      const crossing = trigger.crossing ?? fillQuoteOf(context.market, order.instrumentId);
      if (crossing) fills.push(triggerFill(order, closeKindOf(reason), price, crossing, trigger.price, now));
    }
    const changes = await closeManyInTransaction(tx, {
      announces: announcesChanges(context),
      closes,
      reason: 'stop_loss',
      at: now,
      locked,
    });
    const done = new Set(changes.map((change) => change.order.id));
    for (const close of closes) if (!done.has(close.order.id)) skipped.set(close.order.id, 'gone');
    await recordFills(
      tx,
      fills.filter((fill) => done.has(fill.order.id)),
    );
    return { changes, skipped };
  });
}

/**
 * Stop-out of one account (ARCHITECTURE.md "Trading rules"): under the account lock, with the
 * balance and positions read from the database (the engine's figures only said "look"), closes the
 * largest loss first (domain `selectStopOut`) while the risk rate is at or below the level. Each
 * close is marked at the quote's close side; negative balance protection follows each close. A
 * position whose market is closed or has no price waits (triggers wait while a market is closed);
 * the next tick looks again. Answers the closes made.
 */
export async function stopOutAccount(
  context: ServerContext,
  accountId: AccountId,
  levelPercent: DecimalInput,
): Promise<OrderChange[]> {
  const catalogue = (await tradingTerms(context)).instruments;
  const now = context.clock.now();
  const changes = await context.db.transaction(async (tx) => {
    const account = await lockAccountForUpdate(tx, accountId);
    const holdings = (await repository.listLiveOrdersOfAccount(tx, accountId)).filter(
      (order) => order.status === 'holding',
    );
    const marks = new Map(holdings.map((order) => [order.id, markOf(context, order, catalogue, now)]));
    const selected = selectStopOut({
      balance: asMoney(account.balance),
      positions: holdings.map((order) => ({
        orderId: order.id,
        margin: asMoney(order.margin),
        floatingProfit: marks.get(order.id)?.profit ?? asMoney('0'),
      })),
      levelPercent,
    });
    const closed: OrderChange[] = [];
    const fills: Fill[] = [];
    for (const orderId of selected) {
      const order = holdings.find((candidate) => candidate.id === orderId);
      const mark = marks.get(orderId);
      if (!order || !mark?.closable) continue;
      const change = await closeInTransaction(tx, {
        announces: announcesChanges(context),
        order,
        closePrice: mark.price,
        profit: mark.profit,
        reason: 'stop_out',
        at: now,
      });
      if (!change) continue;
      closed.push(change);
      fills.push({
        order,
        kind: 'stop_out',
        price: mark.price,
        quote: mark.quoted,
        requestedAt: new Date(mark.quoted.receivedMs),
        filledAt: now,
      });
    }
    await recordFills(tx, fills);
    return closed;
  });
  for (const change of changes) context.events.emit('order.closed', change);
  return changes;
}

function markOf(
  context: ServerContext,
  order: OrderRecord,
  catalogue: Map<number, InstrumentTerms>,
  now: Date,
) {
  const terms = catalogue.get(order.instrumentId);
  const quoted = terms ? fillQuoteOf(context.market, terms.id) : undefined;
  const rate = terms ? conversionOf(context.market, terms) : undefined;
  if (!terms || !quoted || !rate) return undefined;
  const { quote } = quoted;
  const { profit } = floatingOf(order, quote, rate);
  return {
    quoted,
    price: closePrice(order.side as Side, quote),
    profit,
    // A stop-out never closes at a real feed's stale price.
    closable: isOpen(terms, now) && context.market.pricesLive(terms.id),
  };
}

/** Every pending and holding order, for the engine's rebuild. */
export async function loadLiveOrders(context: ServerContext): Promise<OrderRecord[]> {
  return repository.listAllLiveOrders(context.db);
}

/** One order as stored now (the engine re-reads an order it is unsure of). */
export async function readOrder(context: ServerContext, orderId: OrderId): Promise<OrderRecord | undefined> {
  return repository.findOrder(context.db, orderId);
}
