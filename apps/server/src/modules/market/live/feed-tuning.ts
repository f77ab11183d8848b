import type { Db } from '../../../db/database';
import { getNumberSetting } from '../../settings/settings.public';
import type { FeedTuning } from '../feeds/real-feed';

/**
 * The feed settings as a real feed reads them. A setting that is no number or out of range (a
 * spike factor under 2, a stale time under a second) leaves its default in force.
 */
export async function readFeedTuning(db: Db): Promise<FeedTuning> {
  const [spikeFactor, staleSeconds] = await Promise.all([
    getNumberSetting(db, 'feed_spike_factor'),
    getNumberSetting(db, 'feed_stale_seconds'),
  ]);
  return {
    spikeFactor: Number.isFinite(spikeFactor) && spikeFactor >= 2 ? spikeFactor : 20,
    staleMs: Number.isFinite(staleSeconds) && staleSeconds >= 1 ? staleSeconds * 1000 : 10_000,
  };
}
