import { type CopyMode, type CopySkipReason, sizeCopyOrder } from '@meridian/domain/copy-sizing';
import { tradeFeeTypeOf } from '@meridian/domain/fee';
import { closePrice, openPrice as fillOpenPrice } from '@meridian/domain/fill-price';
import type { OrderId } from '@meridian/domain/ids';
import type { MarginInput } from '@meridian/domain/margin';
import { type DecimalValue, toDecimal } from '@meridian/domain/money';
import type { Side } from '@meridian/domain/side';
import { checkStops } from '@meridian/domain/stop-rule';
import { asLots, asMoney, type Money, moneyOf, type Price } from '@meridian/domain/trade-values';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import type { OrderRecord } from '../../events';
import { SERVER_LIMITS } from '../../limits';
import { lockAccountsForUpdate } from '../ledger/ledger.public';
import type { OrderChange } from '../trading/trading.public';
import {
  type CopyOpening,
  closeCopiesAtMarket,
  floatingProfits,
  holdingsOfUser,
  type InstrumentTerms,
  isOpen,
  liveOrderCounts,
  mayOpenOnAccount,
  openCopiesInTransaction,
  pricingOf,
  tradingTerms,
} from '../trading/trading.public';
import * as copyRows from './copies.repository';
import * as followRows from './follows.repository';
import { traderIdOfUser } from './trader-directory';

/**
 * Mirroring: a trader's order that opens (market, or a pending order that filled) opens a
 * copy for each active follow that was copying then; when it closes, its copies close. Driven by the
 * trading service's events and, for anything an event missed (a crash between the commit and the
 * copy, a failed batch), by the copy sweep (both in copy-runtime.ts). Exactly once: a follow
 * answers a trader's order with one copy or one recorded skip (unique indexes), under the follow's
 * row lock. Copies are never copied again (no chains, so no cycles).
 */

type MirrorOutcome = { copied: OrderChange[]; skipped: number };

const NOTHING: MirrorOutcome = { copied: [], skipped: 0 };

/** Opens the copies of a trader's order that just opened; `balance` is the trader's balance after it. */
export async function mirrorOpen(
  context: ServerContext,
  source: OrderRecord,
  balance: string,
  onlyFollowIds?: readonly number[],
): Promise<MirrorOutcome> {
  if (source.followId !== null || source.status !== 'holding' || source.openedAt === null) return NOTHING;
  const traderId = await traderIdOfUser(context, source.userId);
  if (traderId === undefined) return NOTHING;
  let follows = await followRows.followsToMirror(context.db, traderId, source.openedAt);
  if (onlyFollowIds) {
    const wanted = new Set(onlyFollowIds);
    follows = follows.filter((follow) => wanted.has(follow.id));
  }
  if (follows.length === 0) return NOTHING;
  const now = context.clock.now();
  if (now.getTime() - source.openedAt.getTime() > SERVER_LIMITS.copyLateMsMax) {
    const skipped = await context.db.transaction((tx) =>
      copyRows.insertSkips(
        tx,
        follows.map((follow) => ({
          followId: follow.id,
          sourceOrderId: source.id,
          reason: 'copy.skip_late',
          params: {},
          at: now,
        })),
      ),
    );
    return { copied: [], skipped };
  }
  const known = await tradingTerms(context);
  const { instruments, tradeFeeType } = known;
  const terms = instruments.get(source.instrumentId);
  // No price or a closed market: nothing is written, the sweep tries again while the copy is timely.
  if (
    !terms ||
    !isOpen(terms, now) ||
    !context.market.quote(terms.id) ||
    !context.market.pricesLive(terms.id)
  )
    return NOTHING;
  const needsEquity = follows.some((follow) => follow.mode === 'amount');
  const traderEquity = needsEquity ? await equityBeforeOpening(context, source, balance) : undefined;
  const outcome: MirrorOutcome = { copied: [], skipped: 0 };
  const batches: number[][] = [];
  for (let start = 0; start < follows.length; start += SERVER_LIMITS.copyBatchFollowersMax)
    batches.push(
      follows.slice(start, start + SERVER_LIMITS.copyBatchFollowersMax).map((follow) => follow.id),
    );
  // Batches in parallel: one builds its statements while another waits for PostgreSQL. The batches
  // of one order lock disjoint follows and accounts, each in ascending id order, so they never wait
  // for each other; a second order's batches take the shared accounts in the same order.
  let next = 0;
  const worker = async () => {
    for (let followIds = batches[next++]; followIds; followIds = batches[next++]) {
      const ids = followIds;
      const result = await context.db.transaction((tx) =>
        mirrorBatch(tx, context, {
          source,
          terms,
          tradeFeeType,
          realAllowed: mayOpenOnAccount(context, known, 'real'),
          traderEquity,
          followIds: ids,
          now,
        }),
      );
      for (const change of result.copied) context.events.emit('order.opened', change);
      outcome.copied.push(...result.copied);
      outcome.skipped += result.skipped;
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(SERVER_LIMITS.copyBatchesAtOnceMax, batches.length) }, worker),
  );
  return outcome;
}

/**
 * The trader's equity just before the order opened (copy-sizing.ts, amount mode): the balance after
 * it plus what the opening took (its margin and fee), plus the other positions' margin and floating
 * profit at the live prices.
 */
async function equityBeforeOpening(
  context: ServerContext,
  source: OrderRecord,
  balance: string,
): Promise<Money> {
  const holdings = (await holdingsOfUser(context, source.userId)).filter((order) => order.id !== source.id);
  const floating = await floatingProfits(context, holdings);
  let equity = toDecimal(balance).plus(toDecimal(source.margin)).plus(toDecimal(source.fee));
  for (const order of holdings)
    equity = equity.plus(toDecimal(order.margin)).plus(toDecimal(floating.get(order.id) ?? '0'));
  return moneyOf(equity);
}

type BatchInput = {
  source: OrderRecord;
  terms: InstrumentTerms;
  tradeFeeType: number;
  /** A real follower's account may open a copy on this installation's prices. */
  realAllowed: boolean;
  traderEquity: Money | undefined;
  followIds: number[];
  now: Date;
};

/**
 * One transaction for a batch of follows: follows locked (still active), those that already
 * answered this order left out, follower accounts locked, each copy sized against its follower's
 * balance (packages/domain copy-sizing), then the copies written in bulk and the skips recorded.
 */
async function mirrorBatch(tx: Tx, context: ServerContext, input: BatchInput): Promise<MirrorOutcome> {
  const { source, terms, now } = input;
  const locked = await followRows.lockActiveFollows(tx, input.followIds);
  const answered = await copyRows.followsThatAnswered(
    tx,
    source.id,
    locked.map((follow) => follow.id),
  );
  const follows = locked.filter((follow) => !answered.has(follow.id));
  if (follows.length === 0) return NOTHING;
  const accounts = await lockAccountsForUpdate(
    tx,
    follows.map((follow) => follow.followerAccountId),
  );
  const liveCounts = await liveOrderCounts(
    tx,
    follows.map((follow) => follow.followerUserId),
  );
  const pricing = pricingOf(context.market, terms);
  const quoted = context.market.quoteInfo(terms.id);
  const execution = quoted && { quote: quoted, requestedAt: source.openedAt ?? now };
  const side = source.side as Side;
  const price = fillOpenPrice(side, pricing.quote);
  const stops = copyStops(source, side, price, closePrice(side, pricing.quote), terms.pricePrecision);
  const margin = marginTerms(terms, source.leverage, price, pricing.rate);
  const openings: CopyOpening[] = [];
  const skips: {
    followId: number;
    sourceOrderId: OrderId;
    reason: string;
    params: Record<string, string>;
    at: Date;
  }[] = [];
  const skip = (
    followId: number,
    reason: CopySkipReason | 'copy.skip_open_orders_max' | 'copy.skip_simulated_prices',
    params: Record<string, string>,
  ) => skips.push({ followId, sourceOrderId: source.id, reason, params, at: now });
  // The size of a copy depends on the follow's mode and scale, not on the follower's balance, which
  // only decides whether it is paid: sized once per distinct mode and scale, then each balance is
  // compared with its margin + fee; a balance that falls short is sized again to get the refusal.
  const sizing = (mode: CopyMode, availableBalance: Money) =>
    sizeCopyOrder({
      traderLots: asLots(source.lots),
      mode,
      limits: { minLots: terms.minLots, maxLots: terms.maxLots, pip: terms.pip },
      cost: { margin, feeType: tradeFeeTypeOf(input.tradeFeeType), feeRate: terms.feeRate },
      availableBalance,
    });
  const unlimited = asMoney('1000000000000000000000');
  const bySize = new Map<string, { sized: ReturnType<typeof sizing>; required: DecimalValue | undefined }>();
  const sizeFor = (follow: followRows.MirrorFollow, balance: string) => {
    const mode = copyModeOf(follow, input.traderEquity);
    const key = mode.kind === 'ratio' ? `r${mode.ratio}` : `a${mode.amount}`;
    let known = bySize.get(key);
    if (!known) {
      const sized = sizing(mode, unlimited);
      known = { sized, required: sized.ok ? toDecimal(sized.value.margin).plus(sized.value.fee) : undefined };
      bySize.set(key, known);
    }
    if (!known.sized.ok || (known.required as DecimalValue).lte(toDecimal(balance))) return known.sized;
    return sizing(mode, asMoney(balance));
  };
  for (const follow of follows) {
    const account = accounts.get(follow.followerAccountId);
    if (!account) throw new Error(`follow ${follow.id} names a missing account ${follow.followerAccountId}`);
    // Real money never opens on simulated prices unless staff allowed it: skipped, as the trading
    // service refuses the follower's own orders.
    if (account.mode === 'real' && !input.realAllowed) {
      skip(follow.id, 'copy.skip_simulated_prices', {});
      continue;
    }
    if ((liveCounts.get(follow.followerUserId) ?? 0) >= SERVER_LIMITS.openOrdersPerAccountMax) {
      skip(follow.id, 'copy.skip_open_orders_max', { max: String(SERVER_LIMITS.openOrdersPerAccountMax) });
      continue;
    }
    const sized = sizeFor(follow, account.balance);
    if (!sized.ok) {
      skip(follow.id, sized.reason, sized.params);
      continue;
    }
    openings.push({
      followId: follow.id,
      sourceOrderId: source.id,
      userId: follow.followerUserId,
      accountId: follow.followerAccountId,
      terms,
      side,
      lots: sized.value.lots,
      leverage: source.leverage,
      openPrice: price,
      stopLoss: stops.stopLoss,
      takeProfit: stops.takeProfit,
      margin: sized.value.margin,
      fee: sized.value.fee,
      execution,
    });
  }
  const copied = await openCopiesInTransaction(tx, context, openings, now, accounts);
  const skipped = await copyRows.insertSkips(tx, skips);
  return { copied, skipped };
}

function copyModeOf(follow: followRows.MirrorFollow, traderEquity: Money | undefined): CopyMode {
  if (follow.mode === 'ratio') {
    if (follow.ratio === null) throw new Error(`ratio follow ${follow.id} has no ratio`);
    return { kind: 'ratio', ratio: follow.ratio };
  }
  // A trader with nothing left cannot be scaled against: the domain refuses a zero equity loudly,
  // so the smallest positive figure makes the copy round to zero lots (skipped: below the minimum).
  const equity = traderEquity && toDecimal(traderEquity).gt(0) ? traderEquity : asMoney('0.00000001');
  return { kind: 'amount', amount: asMoney(follow.amount), traderEquity: equity };
}

function marginTerms(
  terms: InstrumentTerms,
  leverage: number | null,
  price: Price,
  rate: ReturnType<typeof pricingOf>['rate'],
) {
  if (terms.marginMode === 'fixed') return { mode: 'fixed' as const, unitsPerLot: terms.unitsPerLot };
  if (leverage === null) throw new Error(`a leveraged instrument ${terms.id} copied without leverage`);
  return {
    mode: 'leveraged' as const,
    unitsPerLot: terms.unitsPerLot,
    price,
    leverage,
    quoteToAccountRate: rate,
  } satisfies Omit<Extract<MarginInput, { mode: 'leveraged' }>, 'lots'>;
}

/**
 * The trader's stops, each kept when it is still on the right side of the copy's own open and close
 * prices (the copy opens a moment later, at the follower's price); a stop the price already passed
 * is left unset rather than refusing the copy. The copy closes with its trader's order anyway.
 */
function copyStops(
  source: OrderRecord,
  side: Side,
  openPrice: Price,
  currentPrice: Price,
  pricePrecision: number,
): { stopLoss: Price | null; takeProfit: Price | null } {
  const check = (stopLoss: string | null, takeProfit: string | null) =>
    checkStops({ side, openPrice, currentPrice, stopLoss, takeProfit, pricePrecision });
  const stopLoss = check(source.stopLoss, null);
  const takeProfit = check(null, source.takeProfit);
  return {
    stopLoss: stopLoss.ok ? stopLoss.value.stopLoss : null,
    takeProfit: takeProfit.ok ? takeProfit.value.takeProfit : null,
  };
}

/** Closes the copies of a trader's order that just closed (their follows active or paused). */
export async function mirrorClose(context: ServerContext, source: OrderRecord) {
  if (source.followId !== null || source.status !== 'closed') return { closed: [], waiting: 0 };
  if ((await traderIdOfUser(context, source.userId)) === undefined) return { closed: [], waiting: 0 };
  const copies = await copyRows.holdingCopiesOfSource(context.db, source.id);
  if (copies.length === 0) return { closed: [], waiting: 0 };
  return closeCopiesAtMarket(context, copies, 'trader_closed');
}
