import type { FastifyBaseLogger } from 'fastify';
import type { TickListener } from '../../../live-market';

/**
 * Who hears of the loop's price changes (the trading engine): told one after another, each
 * awaited, so a loop run includes their work; one that fails is logged and the others are still told.
 */
export class TickListeners {
  private readonly listeners = new Set<TickListener>();

  /** Subscribes to price changes; answers the unsubscribe. */
  add(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async notify(changed: ReadonlySet<number>, nowMs: number, log: FastifyBaseLogger): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(changed, nowMs);
      } catch (error) {
        log.error({ err: error }, 'tick listener failed');
      }
    }
  }
}
