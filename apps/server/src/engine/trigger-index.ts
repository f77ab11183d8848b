import { priceToTicks } from '@meridian/domain/price-ticks';
import type { Side } from '@meridian/domain/side';
import btreeModule from 'sorted-btree';

/**
 * The engine's in-memory index of resting triggers (ARCHITECTURE.md "Runtime picture"): pending
 * order targets, stop-losses and take-profits, so that a tick touches only the triggers it crosses,
 * O(log n + k), never all n. Pure data structure: no I/O, no clock. The database stays the record;
 * the engine rebuilds this index from it at start, and stop-out is decided per account elsewhere
 * (packages/domain stop-out.ts), because it depends on the whole account, not on one price.
 *
 * What fires (the quote's close side for positions, its open side for pending orders):
 *   buy  stop-loss   when bid <= price      sell stop-loss   when ask >= price
 *   buy  take-profit when bid >= price      sell take-profit when ask <= price
 *   pending buy      when ask <= target     pending sell     when bid >= target
 * So each instrument has four books, one per (watched price, direction): a book "falls to" when it
 * fires once the price is at or below its keys, "rises to" when at or above. Each book is a B+ tree
 * (sorted-btree) of price levels keyed by integer ticks; a level holds its triggers by order id, in
 * the order they were added. The triggers a tick crosses are the levels from the book's near end up
 * to the price: one range read and one range delete.
 *
 * Keys are integer ticks (price x 10^precision, `priceToTicks`), not decimals and not floats: exact,
 * cheap to compare, and order-preserving at the instrument's precision. The trigger keeps its exact
 * decimal text for the record. A trigger with more places than the precision is keyed by rounding
 * toward the side that keeps the comparison exact (floor in a falls-to book, ceil in a rises-to one),
 * since quotes always come at the precision.
 *
 * Exactly once: `collect` removes what it returns, and when one trigger of an order fires the
 * order's other trigger goes too (the order is closing). If both stops of an order were crossed by
 * the same tick (which the stop rule makes impossible for valid stops), the stop-loss wins. `remove`
 * answers what it removed, so a customer's own close racing a trigger finds it gone or takes it.
 */
export type TriggerKind = 'pending' | 'stopLoss' | 'takeProfit';

export type Trigger = {
  orderId: number;
  instrumentId: number;
  side: Side;
  kind: TriggerKind;
  /** The exact decimal text of the trigger price (target, stop-loss or take-profit). */
  price: string;
};

/** A position's stops: null where unset. */
export type StopPrices = { stopLoss: string | null; takeProfit: string | null };

type Watch = 'bidFallsTo' | 'askRisesTo' | 'bidRisesTo' | 'askFallsTo';

/** Book order in `collect`: stop-loss books first, so a stop-loss wins over its own take-profit. */
const WATCHES: readonly Watch[] = ['bidFallsTo', 'askRisesTo', 'bidRisesTo', 'askFallsTo'];

// sorted-btree is CommonJS and exports its class as `exports.default`. Node's ESM loader (tsx, and
// the server bundle, which keeps dependencies external) hands over the whole exports object as the
// default import, while vitest's interop hands over the class itself: accept both.
type BTreeClass = typeof btreeModule;
type BTree<K, V> = InstanceType<typeof btreeModule<K, V>>;
const loaded = btreeModule as BTreeClass | { default: BTreeClass };
const SortedTree: BTreeClass = typeof loaded === 'function' ? loaded : loaded.default;

type Level = Map<number, Entry>;
type Book = { watch: Watch; onBid: boolean; fallsTo: boolean; levels: BTree<number, Level> };
type Entry = { trigger: Trigger; book: Book; key: number };
type Instrument = { precision: number; books: Book[]; byWatch: Record<Watch, Book>; count: number };

const NOTHING: readonly Trigger[] = Object.freeze([]);

export function watchOf(side: Side, kind: TriggerKind): Watch {
  switch (kind) {
    case 'stopLoss':
      return side === 'buy' ? 'bidFallsTo' : 'askRisesTo';
    case 'takeProfit':
      return side === 'buy' ? 'bidRisesTo' : 'askFallsTo';
    case 'pending':
      return side === 'buy' ? 'askFallsTo' : 'bidRisesTo';
    default: {
      const unknown: never = kind;
      throw new Error(`unknown trigger kind ${String(unknown)}`);
    }
  }
}

export class TriggerIndex {
  private readonly instruments = new Map<number, Instrument>();
  private readonly orders = new Map<number, Entry[]>();
  private triggerCount = 0;

  /** Number of resting triggers. */
  get size(): number {
    return this.triggerCount;
  }

  /**
   * Declares an instrument and the precision its prices are keyed at. A changed precision would
   * re-key every trigger, so it is refused while triggers rest (rebuild the index instead).
   */
  defineInstrument(instrumentId: number, pricePrecision: number): void {
    const known = this.instruments.get(instrumentId);
    if (known) {
      if (known.precision !== pricePrecision && known.count > 0)
        throw new Error(
          `instrument ${instrumentId} changed precision with triggers resting; rebuild the index`,
        );
      known.precision = pricePrecision;
      return;
    }
    priceToTicks('0', pricePrecision, 'exact'); // asserts a usable precision
    const byWatch = {} as Record<Watch, Book>;
    for (const watch of WATCHES)
      byWatch[watch] = {
        watch,
        onBid: watch.startsWith('bid'),
        fallsTo: watch.endsWith('FallsTo'),
        levels: new SortedTree<number, Level>(),
      };
    this.instruments.set(instrumentId, {
      precision: pricePrecision,
      books: WATCHES.map((watch) => byWatch[watch]),
      byWatch,
      count: 0,
    });
  }

  /** Adds one trigger. Breaking the shape of an order's triggers is a programmer error: it throws. */
  add(trigger: Trigger): void {
    const instrument = this.instrumentOf(trigger.instrumentId);
    const existing = this.orders.get(trigger.orderId) ?? [];
    assertFits(trigger, existing);
    const book = instrument.byWatch[watchOf(trigger.side, trigger.kind)];
    const key = keyOf(trigger.price, instrument.precision, book.fallsTo);
    const entry: Entry = { trigger, book, key };
    const level = book.levels.get(key);
    if (level) level.set(trigger.orderId, entry);
    else book.levels.set(key, new Map([[trigger.orderId, entry]]));
    existing.push(entry);
    this.orders.set(trigger.orderId, existing);
    instrument.count += 1;
    this.triggerCount += 1;
  }

  /**
   * Sets, changes or clears a position's stops in one step (the set_stop_price call, or a pending
   * order that has just filled). A pending order has no stops in the index until it fills.
   */
  setStops(order: Pick<Trigger, 'orderId' | 'instrumentId' | 'side'>, stops: StopPrices): void {
    const existing = this.orders.get(order.orderId) ?? [];
    if (existing.some((entry) => entry.trigger.kind === 'pending'))
      throw new Error(`order ${order.orderId} is pending; its stops count only once it fills`);
    // Read both prices before touching anything, so a bad one leaves the old stops in place.
    const precision = this.instrumentOf(order.instrumentId).precision;
    for (const price of [stops.stopLoss, stops.takeProfit]) if (price !== null) keyOf(price, precision, true);
    for (const entry of existing) this.detach(entry);
    this.orders.delete(order.orderId);
    if (stops.stopLoss !== null) this.add({ ...order, kind: 'stopLoss', price: stops.stopLoss });
    if (stops.takeProfit !== null) this.add({ ...order, kind: 'takeProfit', price: stops.takeProfit });
  }

  /** Removes every trigger of an order (closed, cancelled) and answers them; none if already gone. */
  remove(orderId: number): readonly Trigger[] {
    const entries = this.orders.get(orderId);
    if (!entries) return NOTHING;
    this.orders.delete(orderId);
    for (const entry of entries) this.detach(entry);
    return entries.map((entry) => entry.trigger);
  }

  /** The triggers resting for an order. */
  triggersOf(orderId: number): readonly Trigger[] {
    return this.orders.get(orderId)?.map((entry) => entry.trigger) ?? NOTHING;
  }

  /**
   * Removes and answers the triggers a quote crosses, at most one per order, nearest the previous
   * price first within a book. `bid` and `ask` are the quote's texts at the instrument's precision.
   * Answers a shared empty list when nothing fires, so a quiet tick allocates nothing.
   */
  collect(instrumentId: number, bid: string, ask: string): readonly Trigger[] {
    const instrument = this.instruments.get(instrumentId);
    if (!instrument || instrument.count === 0) return NOTHING;
    const bidTicks = priceToTicks(bid, instrument.precision, 'exact');
    const askTicks = priceToTicks(ask, instrument.precision, 'exact');
    let fired: Trigger[] | undefined;
    for (const book of instrument.books) {
      const price = book.onBid ? bidTicks : askTicks;
      const crossed = takeCrossed(book, price);
      if (crossed === undefined) continue;
      for (const level of crossed)
        for (const entry of level.values()) {
          this.fire(entry, instrument);
          fired ??= [];
          fired.push(entry.trigger);
        }
    }
    return fired ?? NOTHING;
  }

  private instrumentOf(instrumentId: number): Instrument {
    const instrument = this.instruments.get(instrumentId);
    if (!instrument) throw new Error(`instrument ${instrumentId} is not defined in the trigger index`);
    return instrument;
  }

  /** Forgets a fired entry (already out of its book) and drops its order's other triggers. */
  private fire(entry: Entry, instrument: Instrument): void {
    const siblings = this.orders.get(entry.trigger.orderId) ?? [];
    this.orders.delete(entry.trigger.orderId);
    instrument.count -= 1;
    this.triggerCount -= 1;
    for (const sibling of siblings) if (sibling !== entry) this.detach(sibling);
  }

  /** Takes a resting entry out of its book. */
  private detach(entry: Entry): void {
    const level = entry.book.levels.get(entry.key);
    if (!level?.delete(entry.trigger.orderId))
      throw new Error(`trigger of order ${entry.trigger.orderId} is missing from its book`);
    if (level.size === 0) entry.book.levels.delete(entry.key);
    this.instrumentOf(entry.trigger.instrumentId).count -= 1;
    this.triggerCount -= 1;
  }
}

/** The book key of a trigger price; a price that is not positive is a programmer error. */
function keyOf(price: string, precision: number, fallsTo: boolean): number {
  const key = priceToTicks(price, precision, fallsTo ? 'floor' : 'ceil');
  // priceToTicks has refused signs and anything but digits, so "positive" is "some digit above 0".
  if (!/[1-9]/.test(price)) throw new Error(`a trigger price must be positive, got ${price}`);
  return key;
}

/**
 * Removes the levels a price crosses from a book and answers them nearest the previous price first
 * (highest first in a falls-to book, lowest first in a rises-to one); undefined when none is crossed,
 * which costs one look at the book's near end.
 */
function takeCrossed(book: Book, price: number): Level[] | undefined {
  const levels = book.levels;
  if (book.fallsTo) {
    const highest = levels.maxKey();
    if (highest === undefined || highest < price) return undefined;
    const crossed = levels.getRange(price, highest, true).map(([, level]) => level);
    levels.deleteRange(price, highest, true);
    return crossed.reverse();
  }
  const lowest = levels.minKey();
  if (lowest === undefined || lowest > price) return undefined;
  const crossed = levels.getRange(lowest, price, true).map(([, level]) => level);
  levels.deleteRange(lowest, price, true);
  return crossed;
}

/**
 * An order rests either as one pending target, or as a position with at most one stop-loss and one
 * take-profit, all on one instrument and side.
 */
function assertFits(trigger: Trigger, existing: readonly Entry[]): void {
  for (const { trigger: other } of existing) {
    const clash =
      other.kind === trigger.kind ||
      other.kind === 'pending' ||
      trigger.kind === 'pending' ||
      other.instrumentId !== trigger.instrumentId ||
      other.side !== trigger.side;
    if (clash)
      throw new Error(
        `order ${trigger.orderId} already rests as ${other.kind} on ${other.instrumentId}/${other.side}`,
      );
  }
}
