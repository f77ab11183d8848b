import { toDecimal } from '@meridian/domain/money';
import { Ref, type Value } from './field-values';
import { type FuzzApp, queryRows } from './fuzz-app';
import type { FuzzRequest } from './request-arbitrary';
import type { Identity } from './seed-world';

/** What a request's references resolve against: the caller's rows and the instruments' terms. */
export type Resolver = {
  /** The caller's orders (newest first) with their instrument, and whether each is pending or holding. */
  ownOrders: { id: number; instrumentId: number; live: boolean }[];
  ownFollows: number[];
  /** Names of the caller's uploads. */
  ownUploads: string[];
  instruments: Map<number, { mid: string; precision: number; leverages: number[]; minLots: string }>;
  /** The instrument used when a request names none (EUR/USD). */
  defaultInstrumentId: number;
};

/** Offsets from the mid price of the references to a price: both sides, near and far. */
const PRICE_OFFSETS = ['-0.05', '-0.01', '-0.002', '0.002', '0.01', '0.05'] as const;
const LOT_FACTORS = ['1', '2', '10'] as const;

function pickOf<T>(values: readonly T[], pick: number): T | undefined {
  return values.length > 0 ? values[pick % values.length] : undefined;
}

function resolveValue(value: Value, resolver: Resolver, instrumentId: number): Value {
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, resolver, instrumentId));
  if (!(value instanceof Ref)) return value;
  const resolved = resolveRef(value, resolver, instrumentId);
  return value.decorate ? value.decorate(String(resolved)) : resolved;
}

function resolveRef(value: Ref, resolver: Resolver, instrumentId: number): Value {
  const terms = resolver.instruments.get(instrumentId);
  switch (value.kind) {
    case 'ownOrder': {
      // Mostly a live order (its stops and closing are what matter), sometimes an ended one.
      const live = resolver.ownOrders.filter((order) => order.live);
      const from = value.pick % 4 !== 0 && live.length > 0 ? live : resolver.ownOrders;
      return pickOf(from, value.pick)?.id ?? 1;
    }
    case 'ownFollow':
      return pickOf(resolver.ownFollows, value.pick) ?? 1;
    case 'ownUpload':
      return pickOf(resolver.ownUploads, value.pick) ?? 'x.png';
    case 'price': {
      const offset = pickOf(PRICE_OFFSETS, value.pick) ?? '0';
      if (!terms) return '1';
      return toDecimal(terms.mid).times(toDecimal(1).plus(offset)).toFixed(terms.precision);
    }
    case 'leverage':
      return String(pickOf(terms?.leverages ?? [], value.pick) ?? 100);
    case 'lots':
      return toDecimal(terms?.minLots ?? '0.01')
        .times(pickOf(LOT_FACTORS, value.pick) ?? '1')
        .toFixed();
  }
}

/**
 * Turns a request's references into values for the caller who sends it: ids first (the caller's
 * order names the instrument), then prices, leverages and lots of that instrument.
 */
export function resolveRequest(request: FuzzRequest, resolver: Resolver): FuzzRequest {
  const fields: Record<string, Value> = {};
  for (const [name, value] of Object.entries(request.fields))
    if (name === 'id' || name === 'follow_id') fields[name] = resolveValue(value, resolver, 0);
  const forexId = request.fields.forex_id;
  const orderId = fields.id;
  const instrumentId =
    typeof forexId === 'number' && resolver.instruments.has(forexId)
      ? forexId
      : (resolver.ownOrders.find((order) => order.id === orderId)?.instrumentId ??
        resolver.defaultInstrumentId);
  for (const [name, value] of Object.entries(request.fields))
    if (!(name in fields)) fields[name] = resolveValue(value, resolver, instrumentId);
  return { ...request, fields };
}

/** The terms of every instrument a request's references need (the mid price is read when sent). */
export type InstrumentTerms = Map<number, { precision: number; leverages: number[]; minLots: string }>;

export async function instrumentTerms(t: FuzzApp): Promise<InstrumentTerms> {
  const rows = await queryRows<{
    id: number;
    price_precision: number;
    leverages: number[];
    min_lots: string;
  }>(t, 'select id, price_precision, leverages, min_lots::text from instruments order by id');
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { precision: Number(row.price_precision), leverages: row.leverages.map(Number), minLots: row.min_lots },
    ]),
  );
}

/** What the references of a request sent by `identity` resolve to, now. */
export async function resolverFor(
  t: FuzzApp,
  identity: Identity | undefined,
  terms: InstrumentTerms,
  defaultInstrumentId: number,
): Promise<Resolver> {
  const customer = identity && identity.kind !== 'staff' ? identity : undefined;
  const ownOrders = customer
    ? await queryRows<{ id: number; instrument_id: number; live: boolean }>(
        t,
        `select id, instrument_id, status in ('pending', 'holding') as live from orders
         where account_id = ${Number(customer.accountId)} order by id desc limit 50`,
      )
    : [];
  const ownFollows = customer
    ? await queryRows<{ id: number }>(
        t,
        `select id from follows where follower_user_id = ${Number(customer.userId)} order by id desc limit 20`,
      )
    : [];
  const ownUploads = customer
    ? await queryRows<{ name: string }>(
        t,
        `select name from uploads where owner_user_id = ${Number(customer.userId)} order by id desc limit 20`,
      )
    : [];
  const instruments: Resolver['instruments'] = new Map();
  for (const [id, term] of terms) {
    const quote = t.app.market.quote(id);
    if (!quote) continue;
    instruments.set(id, { ...term, mid: toDecimal(quote.bid).plus(quote.ask).div(2).toFixed() });
  }
  return {
    ownOrders: ownOrders.map((row) => ({
      id: Number(row.id),
      instrumentId: Number(row.instrument_id),
      live: row.live === true,
    })),
    ownFollows: ownFollows.map((row) => Number(row.id)),
    ownUploads: ownUploads.map((row) => row.name),
    instruments,
    defaultInstrumentId,
  };
}
