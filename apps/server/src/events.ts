import type { FundsRecordPush } from '@meridian/contract/funds';
import type { AccountId, UserId } from '@meridian/domain/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRecord } from './modules/trading/trading.public';

export type { OrderRecord };

/**
 * Sessions of one user that just ended: one (a logout), or every one but the session still in use
 * (a password change; `keepSessionId` null: all of them, a password reset).
 */
export type EndedSessions =
  | { userId: UserId; sessionId: number }
  | { userId: UserId; keepSessionId: number | null };

/**
 * Named domain events (STYLE.md, immich: after a write, side effects go out as events). A service
 * emits them only after its transaction has committed, so a listener never sees a change that was
 * rolled back. The trading engine (its index and account figures), the realtime bridge and, later,
 * copy trading listen to them instead of being called by the service.
 *
 * `balance` is the account's available balance right after the change.
 */
export type DomainEvents = {
  /** A pending order was placed (margin and fee reserved); it waits for its target. */
  'order.placed': { order: OrderRecord; balance: string };
  /** An order became a position: a market order filled, or a pending order reached its target. */
  'order.opened': { order: OrderRecord; balance: string };
  /** A pending or holding order's stop-loss or take-profit was set, changed or cleared. */
  'order.stops_changed': { order: OrderRecord };
  /** A position closed (user, stop-loss, take-profit, stop-out or demo reset). */
  'order.closed': { order: OrderRecord; balance: string };
  /** A pending order was cancelled (user or demo reset), its margin and fee given back. */
  'order.cancelled': { order: OrderRecord; balance: string };
  /** The balance moved for another reason than an order (the demo reset's top-up). */
  'account.balance_changed': { accountId: AccountId; userId: UserId; balance: string };
  /** Sessions ended: the sockets logged in with them lose the user's topics at once, on every node. */
  'sessions.ended': EndedSessions;
  /** Staff changed a setting: readers that keep it (the trading terms, the stop-out level) read it again. */
  'setting.changed': { key: string };
  /**
   * A deposit or withdrawal of the user was approved, rejected, marked invalid or paid: `push` goes
   * to the user's sockets (`funds.record`). Its notice was queued in the outbox by the review's
   * transaction.
   */
  'funds.outcome': { userId: UserId; push: FundsRecordPush };
  /** Messages were committed to the outbox: the sender on this node looks at once, not at its next poll. */
  'outbox.queued': Record<string, never>;
};

type EventName = keyof DomainEvents;
type Listener<Name extends EventName> = (payload: DomainEvents[Name]) => void;

/**
 * A small typed event bus. Listeners run synchronously, in the order they subscribed; one that
 * throws is logged and does not stop the others or the emitter (the write is already committed).
 */
export class EventBus {
  private readonly listeners = new Map<EventName, Set<Listener<never>>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Subscribes; answers the unsubscribe. */
  on<Name extends EventName>(name: Name, listener: Listener<Name>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<Name extends EventName>(name: Name, payload: DomainEvents[Name]): void {
    const set = this.listeners.get(name);
    if (!set) return;
    for (const listener of set) {
      try {
        (listener as Listener<Name>)(payload);
      } catch (error) {
        this.log.error({ err: error, event: name }, 'event listener failed');
      }
    }
  }
}
