import { asOrderId, type OrderId } from '@meridian/domain/ids';
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
 * (sorted-btree) used as a sorted set of entries ordered by (price in ticks, order id); the entries
 * are the keys themselves, so a million triggers cost no container per price level. The triggers a
 * tick crosses are the entries from the book's near end up to the price: one look at the near end
 * when nothing fires, otherwise one range read and one range delete.
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
  orderId: OrderId;
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

/**
 * A resting trigger. `key` is its price in ticks; `sibling` links the two stops of one position,
 * so firing one drops the other without a list per order.
 */
type Entry = { trigger: Trigger; orderId: OrderId; key: number; book: Book; sibling: Entry | undefined };
type Book = { onBid: boolean; fallsTo: boolean; entries: BTree<Entry, undefined>; instrument: Instrument };
type Instrument = { precision: number; books: Book[]; byWatch: Record<Watch, Book>; count: number };

/**
 * Each book sorts what fires soonest first: a rises-to book by ascending price, a falls-to book by
 * descending price, and the older order (smaller id) first at one price. So in every book the
 * triggers a tick crosses are a run from the front.
 */
const risingPrice = (a: Entry, b: Entry) => a.key - b.key || a.orderId - b.orderId;
const fallingPrice = (a: Entry, b: Entry) => b.key - a.key || a.orderId - b.orderId;

const NOTHING: readonly Trigger[] = Object.freeze([]);

function watchOf(side: Side, kind: TriggerKind): Watch {
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
  /** An order's entry (a position's second stop hangs on it as `sibling`). */
  private readonly orders = new Map<OrderId, Entry>();
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
    const instrument: Instrument = {
      precision: pricePrecision,
      books: [],
      byWatch: {} as Record<Watch, Book>,
      count: 0,
    };
    for (const watch of WATCHES) {
      const fallsTo = watch.endsWith('FallsTo');
      const book: Book = {
        onBid: watch.startsWith('bid'),
        fallsTo,
        entries: new SortedTree<Entry, undefined>(undefined, fallsTo ? fallingPrice : risingPrice),
        instrument,
      };
      instrument.books.push(book);
      instrument.byWatch[watch] = book;
    }
    this.instruments.set(instrumentId, instrument);
  }

  /** Adds one trigger. Breaking the shape of an order's triggers is a programmer error: it throws. */
  add(trigger: Trigger): void {
    const instrument = this.instrumentOf(trigger.instrumentId);
    const existing = this.orders.get(trigger.orderId);
    if (existing) assertFits(trigger, existing);
    const book = instrument.byWatch[watchOf(trigger.side, trigger.kind)];
    const key = keyOf(trigger.price, instrument.precision, book.fallsTo);
    const entry: Entry = { trigger, orderId: trigger.orderId, key, book, sibling: existing };
    book.entries.set(entry, undefined);
    if (existing) existing.sibling = entry;
    else this.orders.set(trigger.orderId, entry);
    instrument.count += 1;
    this.triggerCount += 1;
  }

  /**
   * Sets, changes or clears a position's stops in one step (the set_stop_price call, or a pending
   * order that has just filled). A pending order has no stops in the index until it fills.
   */
  setStops(order: Pick<Trigger, 'orderId' | 'instrumentId' | 'side'>, stops: StopPrices): void {
    if (this.orders.get(order.orderId)?.trigger.kind === 'pending')
      throw new Error(`order ${order.orderId} is pending; its stops count only once it fills`);
    // Read both prices before touching anything, so a bad one leaves the old stops in place.
    const precision = this.instrumentOf(order.instrumentId).precision;
    if (stops.stopLoss !== null) keyOf(stops.stopLoss, precision, true);
    if (stops.takeProfit !== null) keyOf(stops.takeProfit, precision, true);
    this.remove(order.orderId);
    if (stops.stopLoss !== null) this.add({ ...order, kind: 'stopLoss', price: stops.stopLoss });
    if (stops.takeProfit !== null) this.add({ ...order, kind: 'takeProfit', price: stops.takeProfit });
  }

  /**
   * Why a trigger price cannot rest in the index (its instrument is not defined, or the price is not
   * a positive decimal the instrument's precision can key), or undefined when it can. `add` and
   * `setStops` throw on such a price; the engine asks first, so that one stored price it cannot key
   * leaves out that trigger only, not the whole order.
   */
  keyProblem(instrumentId: number, price: string): string | undefined {
    const instrument = this.instruments.get(instrumentId);
    if (!instrument) return `instrument ${instrumentId} is not defined in the trigger index`;
    try {
      keyOf(price, instrument.precision, true);
      keyOf(price, instrument.precision, false);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** Removes every trigger of an order (closed, cancelled) and answers them; none if already gone. */
  remove(orderId: OrderId): readonly Trigger[] {
    const entry = this.orders.get(orderId);
    if (!entry) return NOTHING;
    this.orders.delete(orderId);
    this.detach(entry);
    if (!entry.sibling) return [entry.trigger];
    this.detach(entry.sibling);
    return [entry.trigger, entry.sibling.trigger];
  }

  /** The triggers resting for an order, in the order they were added. */
  triggersOf(orderId: OrderId): readonly Trigger[] {
    const entry = this.orders.get(orderId);
    if (!entry) return NOTHING;
    return entry.sibling ? [entry.trigger, entry.sibling.trigger] : [entry.trigger];
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
      const crossed = takeCrossed(book, book.onBid ? bidTicks : askTicks);
      if (crossed === undefined) continue;
      for (const entry of crossed) {
        this.fire(entry);
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

  /**
   * Forgets a fired entry (already out of its book) and drops the order's other stop. A sibling
   * crossed by the same tick in a book not yet read is dropped here, unfired: books are read stop-loss
   * first, so the stop-loss is the one that fires.
   */
  private fire(entry: Entry): void {
    this.orders.delete(entry.orderId);
    entry.book.instrument.count -= 1;
    this.triggerCount -= 1;
    if (entry.sibling) this.detach(entry.sibling);
  }

  /** Takes a resting entry out of its book. */
  private detach(entry: Entry): void {
    if (!entry.book.entries.delete(entry))
      throw new Error(`trigger of order ${entry.orderId} is missing from its book`);
    entry.book.instrument.count -= 1;
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

/** Search key for the end of a run: after every order at a price. */
const LAST_ORDER = asOrderId(Number.MAX_SAFE_INTEGER);

/**
 * Removes the entries a price crosses from a book and answers them, nearest the previous price
 * first (the front of the book); undefined when none is crossed, which costs one look at the front.
 */
function takeCrossed(book: Book, price: number): Entry[] | undefined {
  const entries = book.entries;
  const first = entries.minKey();
  if (first === undefined || (book.fallsTo ? first.key < price : first.key > price)) return undefined;
  const last = probe(price, LAST_ORDER);
  const crossed = entries.getRange(first, last, true).map(([entry]) => entry);
  entries.deleteRange(first, last, true);
  return crossed;
}

/**
 * A search key only: compared by price and order id, never stored. It has every field of an entry
 * so the comparators keep seeing one object shape (and stay fast).
 */
function probe(key: number, orderId: OrderId): Entry {
  return {
    trigger: undefined as unknown as Trigger,
    orderId,
    key,
    book: undefined as unknown as Book,
    sibling: undefined,
  };
}

/**
 * An order rests either as one pending target, or as a position with at most one stop-loss and one
 * take-profit, all on one instrument and side.
 */
function assertFits(trigger: Trigger, existing: Entry): void {
  const resting = existing.sibling ? [existing, existing.sibling] : [existing];
  for (const { trigger: other } of resting) {
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
