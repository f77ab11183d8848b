import type { MyTrader } from '@meridian/contract/copy';
import { LIMITS } from '@meridian/contract/limits';
import { checkDisplayName, normalizeDisplayName } from '@meridian/domain/display-name';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Rejection } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/auth.public';
import * as followRows from './follows.repository';
import * as statisticsRows from './statistics.repository';
import { forgetRanking } from './statistics.service';
import { forgetTraderDirectory } from './trader-directory';
import { TRADER_NAME_CONSTRAINTS, type TraderNameKeys, traderNameKeys } from './trader-names';
import * as traderRows from './traders.repository';

/**
 * Opting in to be followed: a display name, the user's side (real or demo)
 * shown as it is. Opting out hides the trader from the ranking and stops their live follows (reason
 * `trader_left`); the followers' open copies stay open as their own orders (closing them at market
 * without the follower's say would realise losses they did not choose).
 */

async function myTraderView(
  context: ServerContext,
  trader: traderRows.TraderRow | undefined,
): Promise<MyTrader> {
  if (!trader) return null;
  const followers = (await statisticsRows.countFollowers(context.db, [trader.id])).get(trader.id) ?? 0;
  return {
    trader_id: trader.id,
    display_name: trader.displayName,
    listed: trader.listed ? 1 : 0,
    followers,
  };
}

export async function myTrader(context: ServerContext, user: AuthenticatedUser): Promise<MyTrader> {
  return myTraderView(context, await traderRows.findTraderByUser(context.db, user.id));
}

/** The display name as stored: normalized (packages/domain), its length counted after that. */
function storedDisplayName(displayName: string): string {
  const checked = checkDisplayName(displayName, {
    lengthMin: LIMITS.traderNameLengthMin,
    lengthMax: LIMITS.traderNameLengthMax,
  });
  if (!checked.ok) throw new Rejection(checked.reason, checked.params);
  return checked.value;
}

/** Refuses a name that another trader's is, without case, or looks like (trader-names.ts). */
async function refuseNameClash(
  tx: DbOrTx,
  displayName: string,
  keys: TraderNameKeys,
  exceptTraderId: number | undefined,
): Promise<void> {
  const clash = await traderRows.findTraderNameClash(tx, displayName, keys, exceptTraderId);
  if (!clash) return;
  const same = clash.displayName.toLowerCase() === displayName.toLowerCase();
  throw new Rejection(same ? 'error.trader_name_taken' : 'error.trader_name_lookalike');
}

/** The refusal of a name that lost a race to a clashing one (the unique indexes are the last word). */
function nameClashOf(error: unknown): Rejection | undefined {
  for (const [constraint, key] of Object.entries(TRADER_NAME_CONSTRAINTS))
    if (isUniqueViolation(error, constraint)) return new Rejection(key);
  return undefined;
}

export async function optIn(
  context: ServerContext,
  user: AuthenticatedUser,
  requestedName: string,
): Promise<MyTrader> {
  const now = context.clock.now();
  const displayName = storedDisplayName(requestedName);
  const keys = traderNameKeys(displayName);
  let trader: traderRows.TraderRow | undefined;
  try {
    trader = await context.db.transaction(async (tx) => {
      const existing = await traderRows.findTraderByUser(tx, user.id);
      await refuseNameClash(tx, displayName, keys, existing?.id);
      if (existing)
        return traderRows.updateTrader(tx, existing.id, { displayName, ...keys, listed: true, at: now });
      return traderRows.insertTrader(tx, { userId: user.id, displayName, ...keys, strategy: null, at: now });
    });
  } catch (error) {
    throw nameClashOf(error) ?? error;
  }
  forgetTraderDirectory(context);
  forgetRanking(context);
  return myTraderView(context, trader);
}

/**
 * Gives the traders from before the look-alike rule their name keys, oldest first, so that of two
 * look-alike names the older keeps them. A newer look-alike keeps none and is logged for the back
 * office: renaming a customer or hiding a trader is a person's decision, not a start-up's.
 */
export async function fillMissingNameKeys(context: ServerContext, log: FastifyBaseLogger): Promise<void> {
  for (const trader of await traderRows.tradersWithoutNameKeys(context.db)) {
    const keys = traderNameKeys(normalizeDisplayName(trader.displayName));
    try {
      await traderRows.fillTraderNameKeys(context.db, trader.id, keys);
    } catch (error) {
      if (!nameClashOf(error)) throw error;
      log.warn({ traderId: trader.id }, "trader name looks like an older trader's: left without name keys");
    }
  }
}

export async function optOut(context: ServerContext, user: AuthenticatedUser): Promise<MyTrader> {
  const now = context.clock.now();
  const trader = await context.db.transaction(async (tx) => {
    const existing = await traderRows.findTraderByUser(tx, user.id);
    if (!existing) throw new Rejection('error.trader_not_found');
    for (const follow of await followRows.liveFollowsOfTrader(tx, existing.id))
      await followRows.updateFollow(tx, follow.id, {
        state: 'stopped',
        stopReason: 'trader_left',
        closeCopies: false,
        stoppedAt: now,
        updatedAt: now,
      });
    return traderRows.updateTrader(tx, existing.id, { listed: false, at: now });
  });
  forgetRanking(context);
  return myTraderView(context, trader);
}
