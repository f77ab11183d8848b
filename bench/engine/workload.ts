import { asOrderId } from '@meridian/domain/ids';
import { priceToTicks } from '@meridian/domain/price-ticks';
import { quoteFromMid } from '@meridian/domain/quote';
import type { Side } from '@meridian/domain/side';
import { INSTRUMENTS } from '../../apps/server/src/modules/market/live/catalogue';
import { type Random, seededRandom } from '../../apps/server/src/modules/market/live/random';
import type { StopPrices, Trigger } from '../../apps/server/src/modules/trading/engine/trigger-index';

/**
 * The benchmark's synthetic book: the 32 seeded instruments, triggers resting around each base
 * price, and ticks that wander near it. All of it is drawn from one seed, so every run (and both
 * structures within a run) sees the same triggers and the same ticks.
 *
 * Resting triggers sit 0.5 % to 10 % away from the base price on their own side; quotes stay within
 * 0.2 % of it (plus the spread, at most 0.08 %), so the quiet ticks cross nothing.
 */
export type Market = { instrumentId: number; precision: number; baseTicks: number; spread: string };
export type Tick = { instrumentId: number; bid: string; ask: string };
/** An order as placed: a pending target, or a position with its stops. */
export type Placement =
  | { kind: 'pending'; trigger: Trigger }
  | { kind: 'position'; order: Pick<Trigger, 'orderId' | 'instrumentId' | 'side'>; stops: StopPrices };

const NEAREST = 0.005;
const FARTHEST = 0.1;
const WANDER = 0.002;

export function markets(): Market[] {
  return INSTRUMENTS.map((instrument, index) => ({
    instrumentId: index + 1,
    precision: instrument.pricePrecision,
    baseTicks: priceToTicks(instrument.basePrice, instrument.pricePrecision, 'exact'),
    spread: instrument.spread,
  }));
}

/** Integer ticks as the price text at the precision (108504 at 5 places is "1.08504"). */
export function ticksToText(ticks: number, precision: number): string {
  if (precision === 0) return String(ticks);
  const digits = String(ticks).padStart(precision + 1, '0');
  return `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}

function away(market: Market, random: Random, direction: 1 | -1): string {
  const distance = NEAREST + random.next() * (FARTHEST - NEAREST);
  const ticks = Math.round(market.baseTicks * (1 + direction * distance));
  return ticksToText(Math.max(1, ticks), market.precision);
}

/**
 * About `triggerCount` triggers spread evenly over the markets: a third of the orders pending
 * (one trigger), the rest positions with both a stop-loss and a take-profit (two triggers).
 */
export function restingOrders(all: Market[], triggerCount: number, seed: number): Placement[] {
  const random = seededRandom(seed);
  const placements: Placement[] = [];
  let orderId = 0;
  let triggers = 0;
  while (triggers < triggerCount) {
    const market = all[orderId % all.length] as Market;
    orderId += 1;
    const side: Side = random.next() < 0.5 ? 'buy' : 'sell';
    const below = side === 'buy' ? -1 : 1;
    // The last trigger is a pending one when only one is left to place, so the count is exact.
    if (random.next() < 1 / 3 || triggerCount - triggers === 1) {
      // A pending buy waits below the price, a pending sell above it.
      const trigger: Trigger = {
        orderId: asOrderId(orderId),
        instrumentId: market.instrumentId,
        side,
        kind: 'pending',
        price: away(market, random, below),
      };
      placements.push({ kind: 'pending', trigger });
      triggers += 1;
    } else {
      const stops = {
        stopLoss: away(market, random, below),
        takeProfit: away(market, random, below === -1 ? 1 : -1),
      };
      placements.push({
        kind: 'position',
        order: { orderId: asOrderId(orderId), instrumentId: market.instrumentId, side },
        stops,
      });
      triggers += 2;
    }
  }
  return placements;
}

/** Quotes of random instruments, each from a mid within 0.2 % of its base price. */
export function quietTicks(all: Market[], count: number, seed: number): Tick[] {
  const random = seededRandom(seed);
  const ticks: Tick[] = [];
  for (let index = 0; index < count; index += 1) {
    const market = all[Math.floor(random.next() * all.length)] as Market;
    const mid = Math.round(market.baseTicks * (1 + (random.next() * 2 - 1) * WANDER));
    const quote = quoteFromMid(ticksToText(mid, market.precision), market.spread, market.precision);
    ticks.push({ instrumentId: market.instrumentId, ...quote });
  }
  return ticks;
}

/**
 * Orders that the given tick will close or fill, exactly at their price: a buy whose stop-loss is
 * the bid (its far take-profit goes with it), a pending sell whose target is the bid, and a sell
 * whose take-profit is the ask (its far stop-loss goes with it). Three orders fire, five triggers go.
 */
export function ordersCrossedBy(tick: Tick, market: Market, firstOrderId: number): Placement[] {
  const far = (price: string, direction: 1 | -1) =>
    ticksToText(
      Math.round(priceToTicks(price, market.precision, 'exact') * (1 + direction * 0.05)),
      market.precision,
    );
  const base = { instrumentId: tick.instrumentId };
  return [
    {
      kind: 'position',
      order: { ...base, orderId: asOrderId(firstOrderId), side: 'buy' },
      stops: { stopLoss: tick.bid, takeProfit: far(tick.bid, 1) },
    },
    {
      kind: 'pending',
      trigger: {
        ...base,
        orderId: asOrderId(firstOrderId + 1),
        side: 'sell',
        kind: 'pending',
        price: tick.bid,
      },
    },
    {
      kind: 'position',
      order: { ...base, orderId: asOrderId(firstOrderId + 2), side: 'sell' },
      stops: { stopLoss: far(tick.ask, 1), takeProfit: tick.ask },
    },
  ];
}
