import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import * as repository from '../market.repository';

/**
 * The instruments whose real feed is stale now, and the stale periods written for them (the
 * execution record's proof of when no price could be traded on). A period opens when an instrument
 * turns stale and closes when its prices come back; the writes run in order (an open before its
 * close) without holding up the market's loop, and one that fails is logged, never retried: the
 * next change writes again.
 */
export class StalePeriods {
  private readonly staleNow = new Set<number>();
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly dependencies: { db: Db; log: FastifyBaseLogger }) {}

  has(instrumentId: number): boolean {
    return this.staleNow.has(instrumentId);
  }

  /** Opens the periods of `started` and closes those of `ended`, at `nowMs`. */
  record(started: readonly number[], ended: readonly number[], nowMs: number): void {
    if (started.length + ended.length === 0) return;
    for (const id of started) this.staleNow.add(id);
    for (const id of ended) this.staleNow.delete(id);
    const { db, log } = this.dependencies;
    const at = new Date(nowMs);
    this.writes = this.writes
      .then(async () => {
        await repository.closeStalePeriods(db, ended, at);
        await repository.openStalePeriods(db, started, at);
      })
      .catch((error: unknown) => log.error({ err: error, started, ended }, 'stale period not recorded'));
  }

  /** Closes every open period (the market stops) and waits for the writes. */
  async endAll(nowMs: number): Promise<void> {
    this.record([], [...this.staleNow], nowMs);
    await this.writes;
  }
}
