import type { AccountId } from '@meridian/domain/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../../context';
import { SERVER_LIMITS } from '../../../limits';
import type { QuoteInfo } from '../../../live-market';
import {
  closeByTrigger,
  closeByTriggers,
  fillPendingOrder,
  type StopTrigger,
  type TriggerOutcome,
} from '../triggers.service';
import type { EngineState } from './engine-state';
import type { OrderIntake } from './order-intake';
import type { Trigger } from './trigger-index';

/**
 * Step 1 of the engine's tick (engine.ts): what an instrument's quotes cross, collected from the
 * index and executed by the trading service, each exactly once. A trigger leaves the index when it
 * is collected; one whose execution failed or was unsure is read back (`OrderIntake`), which puts
 * it there again as stored.
 */
export class TriggerFiring {
  constructor(
    private readonly context: ServerContext,
    private readonly state: EngineState,
    private readonly intake: OrderIntake,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Collects and executes what the instrument's quote crosses; a fill's own stops get another pass. */
  async fire(instrumentId: number): Promise<void> {
    // Several feed quotes in one run: any of them may have crossed a trigger that the last one does
    // not; the run's lowest and highest quotes (each side apart) catch every one (fills are at the
    // trigger's own price, so the order of the checks does not change a price).
    const range = this.context.market.takeQuoteRange?.(instrumentId);
    // The run's source and last receive time go with an extreme (the feed does not say which quote it was).
    const latest = range ? this.context.market.quoteInfo(instrumentId) : undefined;
    for (const extreme of range ? [range.low, range.high] : [])
      await this.executeAll(
        this.state.index.collect(instrumentId, extreme.bid, extreme.ask),
        latest && { ...latest, quote: extreme },
      );
    for (let pass = 0; pass < SERVER_LIMITS.engineCollectPassesMax; pass += 1) {
      const quoted = this.context.market.quoteInfo(instrumentId);
      if (!quoted) return;
      const fired = this.state.index.collect(instrumentId, quoted.quote.bid, quoted.quote.ask);
      if (fired.length === 0) return;
      // The quote collected on is each trigger's first crossing quote (its execution record's).
      await this.executeAll(fired, quoted);
    }
  }

  /**
   * Executes what one quote crossed: pending fills one by one, the stop-losses and take-profits in
   * batches (`closeByTriggers`: many closes per transaction; a lone stop too, which is as
   * many statements as the single close's path and reads no terms: the engine's catalogue is passed).
   */
  private async executeAll(fired: readonly Trigger[], crossing: QuoteInfo | undefined): Promise<void> {
    const stops: (StopTrigger & { accountId: AccountId })[] = [];
    for (const trigger of fired) {
      const accountId = this.state.book.order(trigger.orderId)?.accountId;
      if (trigger.kind === 'pending' || accountId === undefined) await this.execute(trigger, crossing);
      else
        stops.push({
          orderId: trigger.orderId,
          kind: trigger.kind,
          price: trigger.price,
          crossing,
          accountId,
        });
    }
    if (stops.length === 0) return;
    const outcomes = await closeByTriggers(
      this.context,
      stops,
      (error, orderId) => this.log.error({ err: error, orderId }, 'trigger execution failed'),
      this.state.catalogue.terms,
    );
    for (const trigger of stops) {
      const outcome = outcomes.get(trigger.orderId);
      // Failed: the trigger left the index when it was collected; reading the order back before the
      // next tick puts it there again. Gone or stale: read what is stored.
      if (outcome === undefined) this.intake.later(trigger.orderId);
      else if (outcome !== 'done') await this.intake.refresh(trigger.orderId);
    }
  }

  private async execute(trigger: Trigger, crossing: QuoteInfo | undefined): Promise<void> {
    let outcome: TriggerOutcome;
    try {
      outcome =
        trigger.kind === 'pending'
          ? await fillPendingOrder(this.context, trigger.orderId, trigger.price, crossing)
          : await closeByTrigger(this.context, {
              orderId: trigger.orderId,
              kind: trigger.kind,
              price: trigger.price,
              crossing,
            });
    } catch (error) {
      // The trigger left the index when it was collected; reading the order back puts it there
      // again, so the next tick tries once more.
      this.log.error({ err: error, orderId: trigger.orderId }, 'trigger execution failed');
      this.intake.later(trigger.orderId);
      return;
    }
    // Done: the order's event already updated the index. Gone or stale: read what is stored.
    if (outcome !== 'done') await this.intake.refresh(trigger.orderId);
  }
}
