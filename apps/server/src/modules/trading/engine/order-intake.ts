import type { OrderId } from '@meridian/domain/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../../context';
import type { OrderRecord } from '../../../events';
import { instrumentCatalogue } from '../../market/market.public';
import { termsOf } from '../instrument-terms';
import { readOrder } from '../triggers.service';
import type { EngineState } from './engine-state';
import { placeOrder } from './order-placement';
import type { PositionBook } from './position-book';
import type { TriggerIndex } from './trigger-index';

/**
 * How orders enter the engine's index and figures: as stored at start, as their events tell, and
 * read back from the database when the engine cannot trust what it holds (a failed or unsure
 * execution, an event it could not take, another node's change). Keeps the alert counters too:
 * either above zero should page someone.
 */
export class OrderIntake {
  /** Orders to read again from the database before the next tick (failed or unsure executions). */
  private readonly waiting = new Set<OrderId>();
  /** Stored triggers the index cannot key (their orders are still counted for stop-out). */
  private unindexable = 0;
  /** Stored orders the engine could not take at start (skipped). */
  private unloadable = 0;

  constructor(
    private readonly context: ServerContext,
    private readonly state: EngineState,
    private readonly log: FastifyBaseLogger,
  ) {}

  get unindexableTriggers(): number {
    return this.unindexable;
  }

  get unloadableOrders(): number {
    return this.unloadable;
  }

  /** How many orders wait to be read back. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /** Has the order read back before the next tick. */
  later(orderId: OrderId): void {
    this.waiting.add(orderId);
  }

  /** Puts an order's triggers and figures as stored (`placeOrder`); a trigger it leaves out is an alert. */
  place(order: OrderRecord, index: TriggerIndex, book: PositionBook): void {
    placeOrder(order, index, book, (kind, price, problem) => {
      this.unindexable += 1;
      this.log.error(
        { orderId: order.id, kind, price, problem },
        'order trigger cannot be indexed: left out; the order is still counted for stop-out',
      );
    });
  }

  /** Takes a stored order at start; one it cannot take at all is skipped and reported, never fatal. */
  load(order: OrderRecord, index: TriggerIndex, book: PositionBook): void {
    try {
      this.place(order, index, book);
    } catch (error) {
      this.unloadable += 1;
      this.log.error({ err: error, orderId: order.id }, 'order cannot be loaded by the engine: skipped');
    }
  }

  /** Reads an order back from the database and takes it as stored. */
  async refresh(orderId: OrderId): Promise<void> {
    try {
      const order = await readOrder(this.context, orderId);
      if (!order) {
        this.state.index.remove(orderId);
        return;
      }
      if (!this.state.catalogue.terms.has(order.instrumentId))
        this.state.catalogue.set(
          (await instrumentCatalogue(this.context).refresh()).rows.map(termsOf),
          this.state.index,
        );
      this.place(order, this.state.index, this.state.book);
      this.waiting.delete(orderId);
    } catch (error) {
      this.log.error({ err: error, orderId }, 'order refresh failed');
      this.waiting.add(orderId);
    }
  }

  /** Reads back every order waiting for it. */
  async refreshWaiting(): Promise<void> {
    for (const orderId of [...this.waiting]) await this.refresh(orderId);
  }
}
