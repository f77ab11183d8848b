import type { MyTrader } from '@meridian/contract/copy';
import type { ServerContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { Rejection } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/sessions.service';
import * as repository from './copy.repository';
import { forgetRanking } from './statistics.service';
import { forgetTraderDirectory } from './trader-directory';

/**
 * Opting in to be followed (issue 6, "Traders"): a display name, the user's side (real or demo)
 * shown as it is. Opting out hides the trader from the ranking and stops their live follows (reason
 * `trader_left`); the followers' open copies stay open as their own orders (closing them at market
 * without the follower's say would realise losses they did not choose).
 */

async function myTraderView(
  context: ServerContext,
  trader: repository.TraderRow | undefined,
): Promise<MyTrader> {
  if (!trader) return null;
  const followers = (await repository.countFollowers(context.db, [trader.id])).get(trader.id) ?? 0;
  return {
    trader_id: trader.id,
    display_name: trader.displayName,
    listed: trader.listed ? 1 : 0,
    followers,
  };
}

export async function myTrader(context: ServerContext, user: AuthenticatedUser): Promise<MyTrader> {
  return myTraderView(context, await repository.findTraderByUser(context.db, user.id));
}

export async function optIn(
  context: ServerContext,
  user: AuthenticatedUser,
  displayName: string,
): Promise<MyTrader> {
  const now = context.clock.now();
  let trader: repository.TraderRow | undefined;
  try {
    trader = await context.db.transaction(async (tx) => {
      const existing = await repository.findTraderByUser(tx, user.id);
      if (existing) return repository.updateTrader(tx, existing.id, { displayName, listed: true, at: now });
      return repository.insertTrader(tx, { userId: user.id, displayName, strategy: null, at: now });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'traders_display_name_unique'))
      throw new Rejection('error.trader_name_taken');
    throw error;
  }
  forgetTraderDirectory(context);
  forgetRanking(context);
  return myTraderView(context, trader);
}

export async function optOut(context: ServerContext, user: AuthenticatedUser): Promise<MyTrader> {
  const now = context.clock.now();
  const trader = await context.db.transaction(async (tx) => {
    const existing = await repository.findTraderByUser(tx, user.id);
    if (!existing) throw new Rejection('error.trader_not_found');
    for (const follow of await repository.liveFollowsOfTrader(tx, existing.id))
      await repository.updateFollow(tx, follow.id, {
        state: 'stopped',
        stopReason: 'trader_left',
        closeCopies: false,
        stoppedAt: now,
        updatedAt: now,
      });
    return repository.updateTrader(tx, existing.id, { listed: false, at: now });
  });
  forgetRanking(context);
  return myTraderView(context, trader);
}
