import fc from 'fast-check';
import { plausibleFor } from './field-arbitraries';
import { RawNumber, Ref, textOf, type Value } from './field-values';
import { type FuzzRequest, type IdentityKind, RAW_BODIES } from './request-arbitrary';
import type { Field, RouteSpec } from './route-table';
import type { Pools } from './seed-world';

/**
 * The sweep's values: the extremes that once broke the server, each put alone into one field of an otherwise
 * plausible request (NUL inside the field's plausible text, the numbers in place of it).
 */
const SWEEP_NUMBERS = [
  '1e22',
  '1e308',
  '123456789012345678901234567890',
  '9007199254740993',
  '1000000000000000',
  '2147483648',
] as const;

function withNul(value: Value): Value {
  const insert = (text: string) => `${text.slice(0, 1)}\u0000${text.slice(1)}`;
  return value instanceof Ref ? new Ref(value.kind, value.pick, insert) : insert(textOf(value));
}

/**
 * The sweep's base values where a sample could be refused before the spoilt field is read: a
 * pending buy (target 1 % under the market, stop-loss 5 % under, take-profit 5 % over) of the
 * instrument's smallest lot at its first leverage, the caller's own live order or follow, e-mail,
 * a new account to register, the caller's newest two uploads as ID photos.
 */
function canonicalFor(field: Field, route: RouteSpec, pools: Pools): Value | undefined {
  switch (field.name) {
    case 'type':
      return field.schema.enum?.includes('email') ? 'email' : 1;
    case 'password':
    case 're_password':
    case 'new_password':
    case 'secondary_password':
      // One password everywhere, so a password and its confirmation agree.
      return 'Secret123';
    case 'account':
      // Registration checks a new account's details: an address nobody has.
      return route.path.endsWith('/register') ? 'sweep-newcomer@example.com' : undefined;
    case 'status':
      return route.path.endsWith('/submit') ? 0 : 1;
    case 'mode':
      return 1;
    case 'forex_id':
      return pools.instrumentIds[0] ?? 1;
    case 'cont':
      return new Ref('lots', 0);
    case 'multiple':
      return new Ref('leverage', 0);
    case 'target_price':
      return new Ref('price', 1);
    case 'stop_loss_price':
      return new Ref('price', 0);
    case 'target_profit_price':
      return new Ref('price', 5);
    case 'image':
      // A chat message without a picture, so its text is what is checked.
      return '';
    case 'card_id':
      return 'A1234567';
    case 'text':
      return 'Hello';
    case 'front_pic':
      return new Ref('ownUpload', 0);
    case 'reverse_pic':
      return new Ref('ownUpload', 1);
    case 'id':
      if (route.path.startsWith('/v1/api/forex/')) return new Ref('ownOrder', 1);
      if (route.path.startsWith('/api/follow/') && route.path !== '/api/follow/trader')
        return new Ref('ownFollow', 0);
      return undefined;
    default:
      return undefined;
  }
}

/** A request's plausible fields and path parameters, each field's canonical or sampled value. */
function plausibleBase(route: RouteSpec, pools: Pools, seed: number) {
  const fields = [...route.query, ...(route.body ?? [])];
  const first = <T>(arbitrary: fc.Arbitrary<T>, offset: number): T => {
    const [value] = fc.sample(arbitrary, { seed: seed + offset, numRuns: 1 });
    if (value === undefined) throw new Error('no sample');
    return value;
  };
  const plausible = (list: Field[], offset: number) =>
    Object.fromEntries(
      list
        // Left out of the base: the cache-buster, and the idempotency key (one key for every
        // request of the sweep would answer them all with the first one's order).
        .filter((field) => field.name !== 't' && field.name !== 'idempotency_key')
        .map((field, index) => [
          field.name,
          canonicalFor(field, route, pools) ?? first(plausibleFor(field, route, pools), offset + index),
        ]),
    ) as Record<string, Value>;
  return { fields: plausible(fields, 0), params: plausible(route.params, 100), fieldList: fields };
}

/**
 * A deterministic sweep beside the random runs, so the known classes of failure are met on every
 * run whatever the seed: for each field of the route (path parameters included) and each sweep
 * value, one request with every other field plausible and present, sent as JSON (query for GET)
 * by a signed-in user of the route's area (demo and real users by turns); then each raw or broken
 * body, signed in and not, and the plain request with no session and with a made-up token.
 */
export function sweepRequests(route: RouteSpec, pools: Pools, seed: number): FuzzRequest[] {
  const { fields: baseFields, params: baseParams, fieldList: fields } = plausibleBase(route, pools, seed);
  const spoilable = fields.find((field) => field.name === 'idempotency_key');
  const keyTarget = spoilable ? [{ place: 'fields' as const, name: spoilable.name }] : [];
  const targets = [
    ...Object.keys(baseFields).map((name) => ({ place: 'fields' as const, name })),
    ...keyTarget,
    ...Object.keys(baseParams).map((name) => ({ place: 'params' as const, name })),
  ];
  const requests: FuzzRequest[] = [];
  targets.forEach(({ place, name }, index) => {
    const base = place === 'fields' ? baseFields : baseParams;
    const original = base[name] ?? 'sweep-key';
    for (const value of [withNul(original), ...SWEEP_NUMBERS]) {
      const spoilt = { ...base, [name]: value };
      requests.push({
        identity: { kind: route.area === 'staff' ? 'staff' : index % 2 === 0 ? 'real' : 'demo', index: 0 },
        bogusToken: 'x',
        lang: 'en',
        encoding: route.method === 'GET' ? 'query' : route.multipart ? 'form' : 'json',
        fields: place === 'fields' ? spoilt : baseFields,
        params: place === 'params' ? spoilt : baseParams,
        querySuffix: '',
        raw: undefined,
        upload: undefined,
      });
    }
  });
  // Every raw and broken body once, signed in and signed out; and the plain request without a
  // session, with a made-up token.
  const signedIn: IdentityKind = route.area === 'staff' ? 'staff' : 'real';
  const plain: FuzzRequest = {
    identity: { kind: signedIn, index: 0 },
    bogusToken: 'f'.repeat(64),
    lang: 'en',
    encoding: route.method === 'GET' ? 'query' : 'json',
    fields: baseFields,
    params: baseParams,
    querySuffix: '',
    raw: undefined,
    upload: undefined,
  };
  for (const kind of ['none', 'bogus'] as const) requests.push({ ...plain, identity: { kind, index: 0 } });
  if (route.method === 'POST')
    for (const raw of RAW_BODIES)
      for (const kind of [signedIn, 'none'] as const)
        requests.push({ ...plain, identity: { kind, index: 0 }, encoding: 'raw', raw });
  return requests;
}

/** A field that names a row by its id (`id`, `user_id`, `conversation_id`, ...). */
export function isIdField(name: string): boolean {
  // Not ids of rows: the ID card's number and a demo device's id are texts.
  return /(^|_)id$/.test(name) && name !== 'card_id' && name !== 'demo_id';
}

/**
 * Ids that coercion once read as numbers (`true` as 1: a note was written on customer #1, `[5]` as
 * 5), and the edges of an id: negative, fractional, an exponent, over the integer column. JSON
 * carries them as they are; a query string only as text (and `[5, 5]` as the key twice).
 */
const ID_PROBES_JSON: Value[] = [
  true,
  false,
  [5],
  [1],
  {},
  { id: 1 },
  -1,
  1.5,
  '1e3',
  '0x10',
  '',
  2147483648,
  new RawNumber('1e30'),
  '99999999999999999999',
];
const ID_PROBES_QUERY: Value[] = [
  'true',
  [5, 5],
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '',
  '2147483648',
  '99999999999999999999',
];

/**
 * The strict-id probe: every id field of the route in turn holds each probe, the other fields
 * plausible, sent by a signed-in caller of the route's area allowed on it (staff: the admin), as
 * JSON (query for GET). Each must be refused (code 0) and write nothing.
 */
export function idProbeRequests(route: RouteSpec, pools: Pools, seed: number): FuzzRequest[] {
  const { fields: baseFields, params: baseParams } = plausibleBase(route, pools, seed);
  const idFields = [...route.query, ...(route.body ?? [])].filter((field) => isIdField(field.name));
  const probes = route.method === 'GET' ? ID_PROBES_QUERY : ID_PROBES_JSON;
  return idFields.flatMap(({ name, required }) =>
    // An optional id sent empty is not given (the contract's optionalId: the spec's clients send
    // area_id='' with an e-mail sign-in), so '' probes only an id the route requires.
    probes
      .filter((value) => required || value !== '')
      .map((value) => ({
        // Staff index 1 is the admin (seed-world.ts): no role refusal stands before the validator.
        identity: {
          kind: route.area === 'staff' ? ('staff' as const) : ('real' as const),
          index: route.area === 'staff' ? 1 : 0,
        },
        bogusToken: 'x',
        lang: 'en',
        encoding: route.method === 'GET' ? ('query' as const) : ('json' as const),
        fields: { ...baseFields, [name]: value },
        params: baseParams,
        querySuffix: '',
        raw: undefined,
        upload: undefined,
      })),
  );
}
