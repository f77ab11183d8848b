import type { UserId } from '@meridian/domain/ids';
import type { ServerContext } from '../../context';
import { SERVER_LIMITS } from '../../limits';
import { TimedCache } from '../../timed-cache';
import * as traderRows from './traders.repository';

const directories = new TimedCache<object, Map<number, number>>(SERVER_LIMITS.traderDirectoryCacheMs);

function load(context: Pick<ServerContext, 'db' | 'clock'>): Promise<Map<number, number>> {
  return directories.get(context.db, context.clock, () => traderRows.traderIdsByUser(context.db));
}

/** The trader id of a user, or undefined when the user is not a trader. */
export async function traderIdOfUser(
  context: Pick<ServerContext, 'db' | 'clock'>,
  userId: UserId,
): Promise<number | undefined> {
  return (await load(context)).get(userId);
}

/** Forgets the cached directory (after an opt-in on this node). */
export function forgetTraderDirectory(context: Pick<ServerContext, 'db'>): void {
  directories.forget(context.db);
}
