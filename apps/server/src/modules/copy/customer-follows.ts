import type { Follow } from '@meridian/contract/copy';
import type { UserId } from '@meridian/domain/ids';
import type { ServerContext } from '../../context';
import { viewFollows } from './follow.service';
import { listFollowsOfUser } from './follows.repository';

/** A customer's follows as they see them (live first), for the back office's customer page. */
export async function followsOfCustomer(context: ServerContext, userId: UserId): Promise<Follow[]> {
  return viewFollows(context, await listFollowsOfUser(context.db, userId));
}
