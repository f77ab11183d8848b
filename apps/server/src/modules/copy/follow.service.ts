import type {
  CopyOrderList,
  CopySkipList,
  Follow,
  FollowList,
  FollowRequest,
  FollowUpdateRequest,
  StopFollowAnswer,
} from '@meridian/contract/copy';
import { FOLLOW_MODE } from '@meridian/contract/copy';
import { LIMITS } from '@meridian/contract/limits';
import { ORDER_TAB } from '@meridian/contract/trading';
import { checkFollowSettings, type FollowSettings } from '@meridian/domain/follow-settings';
import type { UserId } from '@meridian/domain/ids';
import { plainDecimal } from '@meridian/domain/money';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Rejection } from '../../http/errors';
import { translate } from '../../http/i18n';
import { SERVER_LIMITS } from '../../limits';
import type { AuthenticatedUser } from '../auth/auth.public';
import { findAccountIdOfUser } from '../ledger/ledger.public';
import { accepted, closeCopiesAtMarket, viewOrders } from '../trading/trading.public';
import * as copyRows from './copies.repository';
import { type FollowResult, followResults, shownResult } from './follow-results';
import * as followRows from './follows.repository';
import * as traderRows from './traders.repository';

/**
 * Following a trader: follow with a ratio or an amount and a copy stop-loss;
 * change the settings; pause (no new copies; closes still mirrored), resume (copies orders opened
 * from then on), stop (optionally closing the open copies; kept copies become the follower's own
 * orders). A user reads and changes only their own follows: another user's reads as missing.
 */

const SETTINGS_LIMITS = {
  ratioMin: LIMITS.copyRatioMin,
  ratioMax: LIMITS.copyRatioMax,
  amountMin: LIMITS.copyAmountMin,
  amountMax: LIMITS.copyAmountMax,
};

function settingsOf(
  request: Pick<FollowRequest, 'mode' | 'ratio' | 'amount' | 'stop_loss_percent'>,
): FollowSettings {
  return accepted(
    checkFollowSettings(
      {
        mode: request.mode === FOLLOW_MODE.ratio ? 'ratio' : 'amount',
        ratio: request.ratio,
        amount: request.amount,
        stopLossPercent: request.stop_loss_percent,
      },
      SETTINGS_LIMITS,
    ),
  );
}

const EMPTY_RESULT: FollowResult = { result: '0' as FollowResult['result'], openCopies: 0, closedCopies: 0 };

function followView(
  follow: followRows.FollowWithTrader,
  result: FollowResult | undefined,
  skipped: number,
): Follow {
  const figures = result ?? EMPTY_RESULT;
  return {
    id: follow.id,
    trader_id: follow.traderId,
    trader_name: follow.traderName,
    trader_is_demo: follow.traderIsDemo ? 1 : 0,
    mode: follow.mode === 'ratio' ? FOLLOW_MODE.ratio : FOLLOW_MODE.amount,
    ratio: follow.ratio === null ? null : plainDecimal(follow.ratio),
    amount: plainDecimal(follow.amount),
    stop_loss_percent: plainDecimal(follow.stopLossPercent),
    state: follow.state,
    stop_reason: follow.stopReason,
    result: shownResult(figures.result),
    open_copies: figures.openCopies,
    closed_copies: figures.closedCopies,
    skipped,
    created_at: follow.createdAt.getTime(),
    stopped_at: follow.stoppedAt?.getTime() ?? 0,
  };
}

/** Follows as their follower sees them, with results and skip counts. */
export async function viewFollows(
  context: ServerContext,
  follows: readonly followRows.FollowWithTrader[],
): Promise<Follow[]> {
  const ids = follows.map((follow) => follow.id);
  const [results, skips] = await Promise.all([
    followResults(context, ids),
    copyRows.countSkips(context.db, ids),
  ]);
  return follows.map((follow) => followView(follow, results.get(follow.id), skips.get(follow.id) ?? 0));
}

async function viewFollow(context: ServerContext, userId: UserId, followId: number): Promise<Follow> {
  const follow = (await followRows.listFollowsOfUser(context.db, userId)).find(
    (item) => item.id === followId,
  );
  if (!follow) throw new Error(`follow ${followId} vanished`);
  return (await viewFollows(context, [follow]))[0] as Follow;
}

export async function myFollows(context: ServerContext, user: AuthenticatedUser): Promise<FollowList> {
  return viewFollows(context, await followRows.listFollowsOfUser(context.db, user.id));
}

/** The caller's live follow of a trader, or null (a trader profile shows it). */
export async function myFollowOf(
  context: ServerContext,
  userId: UserId,
  traderId: number,
): Promise<Follow | null> {
  const follows = await followRows.listFollowsOfUser(context.db, userId);
  const live = follows.find((item) => item.traderId === traderId && item.state !== 'stopped');
  return live ? ((await viewFollows(context, [live]))[0] ?? null) : null;
}

export async function follow(
  context: ServerContext,
  user: AuthenticatedUser,
  request: FollowRequest,
): Promise<Follow> {
  const trader = await traderRows.findTrader(context.db, request.trader_id);
  if (!trader?.listed) throw new Rejection('error.trader_not_found');
  if (trader.userId === user.id) throw new Rejection('error.copy_self');
  const settings = settingsOf(request);
  const accountId = await findAccountIdOfUser(context.db, user.id);
  if (accountId === undefined) throw new Error(`user ${user.id} has no trading account`);
  const now = context.clock.now();
  let created: followRows.FollowRow;
  try {
    created = await context.db.transaction(async (tx) => {
      if (await followRows.findLiveFollow(tx, user.id, trader.id))
        throw new Rejection('error.copy_already_following');
      if ((await followRows.countLiveFollowsOfUser(tx, user.id)) >= SERVER_LIMITS.followsPerUserMax)
        throw new Rejection('error.copy_follows_max', { max: String(SERVER_LIMITS.followsPerUserMax) });
      return followRows.insertFollow(tx, {
        followerUserId: user.id,
        followerAccountId: accountId,
        traderId: trader.id,
        mode: settings.mode,
        ratio: settings.ratio,
        amount: settings.amount,
        stopLossPercent: settings.stopLossPercent,
        state: 'active',
        activeSince: now,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (error) {
    // Two taps at once: the unique index lets one through; the other hears why.
    if (isUniqueViolation(error, 'follows_live_unique')) throw new Rejection('error.copy_already_following');
    throw error;
  }
  return viewFollow(context, user.id, created.id);
}

/** Runs a change of the user's own live follow under its row lock; missing and foreign read the same. */
async function changeOwnFollow(
  context: ServerContext,
  user: AuthenticatedUser,
  followId: number,
  change: (tx: Tx, follow: followRows.FollowRow) => Promise<void>,
): Promise<followRows.FollowRow> {
  return context.db.transaction(async (tx) => {
    const follow = await followRows.lockFollowOfUser(tx, followId, user.id);
    if (!follow) throw new Rejection('error.follow_not_found');
    if (follow.state === 'stopped') throw new Rejection('error.follow_stopped');
    await change(tx, follow);
    return follow;
  });
}

export async function updateFollow(
  context: ServerContext,
  user: AuthenticatedUser,
  request: FollowUpdateRequest,
): Promise<Follow> {
  const settings = settingsOf(request);
  const now = context.clock.now();
  await changeOwnFollow(context, user, request.id, async (tx, follow) => {
    await followRows.updateFollow(tx, follow.id, {
      mode: settings.mode,
      ratio: settings.ratio,
      amount: settings.amount,
      stopLossPercent: settings.stopLossPercent,
      updatedAt: now,
    });
  });
  return viewFollow(context, user.id, request.id);
}

export function pauseFollow(
  context: ServerContext,
  user: AuthenticatedUser,
  followId: number,
): Promise<Follow> {
  return switchFollow(context, user, followId, 'paused');
}

/** Resuming copies orders the trader opens from now on, not those opened while paused. */
export function resumeFollow(
  context: ServerContext,
  user: AuthenticatedUser,
  followId: number,
): Promise<Follow> {
  return switchFollow(context, user, followId, 'active');
}

/** Pausing and resuming: refused when the follow is already so; resuming restarts what is copied. */
async function switchFollow(
  context: ServerContext,
  user: AuthenticatedUser,
  followId: number,
  state: 'paused' | 'active',
): Promise<Follow> {
  const now = context.clock.now();
  await changeOwnFollow(context, user, followId, async (tx, follow) => {
    if (follow.state === state) {
      throw new Rejection(state === 'paused' ? 'error.follow_already_paused' : 'error.follow_already_active');
    }
    const since = state === 'active' ? { activeSince: now } : {};
    await followRows.updateFollow(tx, follow.id, { state, ...since, updatedAt: now });
  });
  return viewFollow(context, user.id, followId);
}

export async function stopFollow(
  context: ServerContext,
  user: AuthenticatedUser,
  request: { id: number; closeCopies: boolean },
): Promise<StopFollowAnswer> {
  const now = context.clock.now();
  await changeOwnFollow(context, user, request.id, async (tx, follow) => {
    await followRows.updateFollow(tx, follow.id, {
      state: 'stopped',
      stopReason: 'user',
      closeCopies: request.closeCopies,
      stoppedAt: now,
      updatedAt: now,
    });
  });
  const outcome = request.closeCopies
    ? await closeFollowCopies(context, request.id)
    : { closed: 0, waiting: 0 };
  return { follow: await viewFollow(context, user.id, request.id), ...outcome };
}

/** Closes a stopped follow's open copies now; those whose market is closed wait for the sweep. */
async function closeFollowCopies(context: ServerContext, followId: number) {
  const copies = await copyRows.holdingCopiesOfFollow(context.db, followId);
  const { closed, waiting } = await closeCopiesAtMarket(context, copies, 'copy_stopped');
  return { closed: closed.length, waiting };
}

/**
 * The copy stop-loss fired (copy-sweep.ts): copying stops and the copies are closed. Guarded by the
 * follow's state, so it happens once; answers false when the follow was no longer live.
 */
export async function stopByCopyStopLoss(context: ServerContext, followId: number): Promise<boolean> {
  const now = context.clock.now();
  const stopped = await context.db.transaction(async (tx) => {
    const [follow] = await followRows.findFollowsByIds(tx, [followId]);
    if (!follow || follow.state === 'stopped') return false;
    await followRows.updateFollow(tx, followId, {
      state: 'stopped',
      stopReason: 'copy_stop_loss',
      closeCopies: true,
      stoppedAt: now,
      updatedAt: now,
    });
    return true;
  });
  if (stopped) await closeFollowCopies(context, followId);
  return stopped;
}

export async function copyOrders(
  context: ServerContext,
  user: AuthenticatedUser,
  query: { status?: 1 | 3 | undefined; follow_id?: number | undefined; page: number; limit: number },
): Promise<CopyOrderList> {
  const status =
    query.status === ORDER_TAB.holding
      ? 'holding'
      : query.status === ORDER_TAB.history
        ? 'closed'
        : undefined;
  const { rows, total } = await copyRows.copyOrdersPage(context.db, user.id, {
    status,
    followId: query.follow_id,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const views = await viewOrders(
    context,
    rows.map((row) => row.order),
  );
  return {
    data: rows.map((row, index) => ({
      ...(views[index] as (typeof views)[number]),
      FollowId: row.order.followId as number,
      SourceOrderId: row.order.sourceOrderId as number,
      TraderName: row.traderName,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

export async function followSkips(
  context: ServerContext,
  user: AuthenticatedUser,
  followId: number,
  lang: string,
): Promise<CopySkipList> {
  const follow = await followRows.findFollowOfUser(context.db, followId, user.id);
  if (!follow) throw new Rejection('error.follow_not_found');
  const rows = await copyRows.listSkips(context.db, followId, LIMITS.copySkipsMax);
  return rows.map((row) => ({
    source_order_id: row.sourceOrderId,
    ShowCode: row.showCode,
    reason: translate(lang, row.reason, row.params),
    reason_key: row.reason,
    created_at: row.createdAt.getTime(),
  }));
}
