import { isCopyStopLossReached } from '@meridian/domain/copy-stop-loss';
import type { OrderId } from '@meridian/domain/ids';
import { asMoney } from '@meridian/domain/trade-values';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context';
import { SERVER_LIMITS } from '../../limits';
import { findAccountOfUser } from '../ledger/ledger.public';
import { closeCopiesAtMarket } from '../trading/trading.public';
import * as copyRows from './copies.repository';
import { stopByCopyStopLoss } from './follow.service';
import { followResults } from './follow-results';
import * as followRows from './follows.repository';
import { mirrorClose, mirrorOpen } from './mirroring.service';

/**
 * Copy trading at run time: it listens to the trading service's events (STYLE.md, immich: side
 * effects as named events) and mirrors each trader order that opens or closes, on the node that
 * made the change; and on the node running the trading engine it sweeps every few seconds for
 * what an event missed (a crash after a commit, a closed market, a failed batch) and checks the
 * copy stop-losses. Everything it writes is guarded by unique indexes and state checks, so doing
 * a thing twice writes it once.
 */
export class CopyTrading {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly unsubscribers: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly context: ServerContext,
    private readonly log: FastifyBaseLogger,
    private readonly options: { isActive: () => boolean; autoSweep?: boolean },
  ) {}

  start(): void {
    const { events } = this.context;
    this.unsubscribers.push(
      events.on('order.opened', ({ order, balance }) => {
        if (order.followId === null) this.track(mirrorOpen(this.context, order, balance), order.id);
      }),
      events.on('order.closed', ({ order }) => {
        if (order.followId === null) this.track(mirrorClose(this.context, order), order.id);
      }),
    );
    if (this.options.autoSweep ?? true) {
      this.timer = setInterval(() => void this.sweep(), SERVER_LIMITS.copySweepIntervalMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  /** Resolves when every mirroring started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.sweeping) {
      await Promise.allSettled([...this.inFlight, this.sweeping]);
    }
  }

  private track(work: Promise<unknown>, orderId: OrderId): void {
    const tracked = work
      .catch((error: unknown) => this.log.error({ err: error, orderId }, 'copy mirroring failed'))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** One sweep at a time, on the engine's node only. */
  sweep(): Promise<void> {
    if (this.stopped || !this.options.isActive()) return Promise.resolve();
    if (!this.sweeping) {
      this.sweeping = this.runSweep()
        .catch((error: unknown) => this.log.error({ err: error }, 'copy sweep failed'))
        .finally(() => {
          this.sweeping = undefined;
        });
    }
    return this.sweeping;
  }

  private async runSweep(): Promise<void> {
    await this.openMissed();
    await this.closeMissed();
    await this.checkCopyStopLosses();
  }

  private async openMissed(): Promise<void> {
    const since = new Date(this.context.clock.now().getTime() - SERVER_LIMITS.copyMissedOpenLookbackMs);
    const missed = await copyRows.missedOpens(this.context.db, since);
    const bySource = new Map<OrderId, number[]>();
    for (const { sourceOrderId, followId } of missed)
      bySource.set(sourceOrderId, [...(bySource.get(sourceOrderId) ?? []), followId]);
    const sources = await copyRows.findOrdersByIds(this.context.db, [...bySource.keys()]);
    for (const source of sources) {
      const account = await findAccountOfUser(this.context.db, source.userId);
      if (!account) continue;
      await mirrorOpen(this.context, source, account.balance, bySource.get(source.id));
    }
  }

  private async closeMissed(): Promise<void> {
    const due = await copyRows.copiesToClose(this.context.db);
    for (const reason of ['trader_closed', 'copy_stopped'] as const) {
      const copies = due.filter((item) => item.reason === reason).map((item) => item.order);
      if (copies.length > 0) await closeCopiesAtMarket(this.context, copies, reason);
    }
  }

  /** The copy stop-loss (packages/domain copy-stop-loss): reached -> copying stops, copies close. */
  private async checkCopyStopLosses(): Promise<void> {
    const follows = await followRows.followsWithCopyStopLoss(this.context.db);
    if (follows.length === 0) return;
    const results = await followResults(
      this.context,
      follows.map((follow) => follow.id),
    );
    for (const follow of follows) {
      const result = results.get(follow.id);
      if (!result) continue;
      const reached = isCopyStopLossReached({
        amount: asMoney(follow.amount),
        stopLossPercent: follow.stopLossPercent,
        result: result.result,
      });
      if (reached && (await stopByCopyStopLoss(this.context, follow.id)))
        this.log.info({ followId: follow.id, result: result.result }, 'copy stop-loss reached');
    }
  }
}
