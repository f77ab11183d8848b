import { toDecimal } from '@meridian/domain/money';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../../context';
import { SERVER_LIMITS } from '../../../limits';
import { getSetting } from '../../settings/settings.public';
import { stopOutAccount } from '../triggers.service';
import type { EngineState } from './engine-state';
import type { AccountFigures } from './position-book';

/**
 * The engine's stop-out check of the accounts a round moved: the figures in memory only say where
 * to look; the trading service decides again from the database. An account it could not close
 * anything of waits SERVER_LIMITS.stopOutRetryMs before the next try, so a closed market is not
 * asked on every tick.
 */
export class StopOutScan {
  /** The stop_out_level setting as last read (the rebuild reads it too). */
  level = '50';
  private readonly triedAt = new Map<number, number>();

  constructor(
    private readonly context: ServerContext,
    private readonly state: EngineState,
    private readonly log: FastifyBaseLogger,
  ) {}

  async check(accounts: Set<AccountFigures>, nowMs: number): Promise<void> {
    for (const account of accounts) {
      if (!this.state.book.mayBeAtStopOut(account, this.level)) continue;
      const triedAt = this.triedAt.get(account.accountId);
      if (triedAt !== undefined && nowMs - triedAt < SERVER_LIMITS.stopOutRetryMs && nowMs >= triedAt)
        continue;
      try {
        const closed = await stopOutAccount(this.context, account.accountId, this.level);
        if (closed.length === 0) this.triedAt.set(account.accountId, nowMs);
        else this.triedAt.delete(account.accountId);
      } catch (error) {
        this.log.error({ err: error, accountId: account.accountId }, 'stop-out failed');
      }
    }
  }

  /** Reads the setting again; a level not above zero would stop no account out, so the last good one stays. */
  async readLevel(): Promise<void> {
    const level = await getSetting(this.context.db, 'stop_out_level');
    if (toDecimal(level).gt(0)) this.level = level;
  }
}
