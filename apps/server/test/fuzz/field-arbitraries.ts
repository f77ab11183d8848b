import { LIMITS } from '@meridian/contract/limits';
import fc from 'fast-check';
import {
  CONTROL_CHARACTERS,
  EXTREME_NUMBER_TEXTS,
  HOSTILE_NUMBERS,
  ODD_NUMBER_TEXTS,
  OMIT,
  Ref,
  type Slot,
  textOf,
  type Value,
  WRONG_TYPES,
} from './field-values';
import type { Field, FieldSchema, RouteSpec } from './route-table';
import type { Pools } from './seed-world';

function maxLengthOf(schema: FieldSchema): number | undefined {
  if (schema.maxLength !== undefined) return schema.maxLength;
  for (const member of schema.anyOf ?? []) {
    const found = maxLengthOf(member);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Text at the field's edges: one over its maximum, well over, and over the generic limits. */
function longText(schema: FieldSchema): fc.Arbitrary<Value> {
  const max = maxLengthOf(schema) ?? LIMITS.tradeNumberTextLengthMax;
  return fc
    .tuple(
      fc.constantFrom(max + 1, 2 * max + 1, LIMITS.genericTextLengthMax + 1, 10_000),
      fc.constantFrom('a', '9', '\u00e9', '\u{1f600}', '\u0000', ' '),
    )
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
}

/** NUL (what PostgreSQL refuses in text) four times in ten, the others the rest. */
const controlCharacter = fc.oneof(
  { weight: 4, arbitrary: fc.constant('\u0000') },
  { weight: 6, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS) },
);

/** A plausible value with a control character put somewhere inside, or the character alone. */
export function withControl(plausible: fc.Arbitrary<Value>): fc.Arbitrary<Value> {
  return fc
    .tuple(plausible, controlCharacter, fc.nat(), fc.boolean())
    .map(([value, control, position, alone]): Value => {
      if (alone) return control;
      const insert = (text: string) => {
        const at = position % (text.length + 1);
        return `${text.slice(0, at)}${control}${text.slice(at)}`;
      };
      return value instanceof Ref ? new Ref(value.kind, value.pick, insert) : insert(textOf(value));
    });
}

function fromSchema(schema: FieldSchema): fc.Arbitrary<Value> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as Value[]));
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(fromSchema));
  switch (schema.type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -5, -5),
        max: Math.min(schema.maximum ?? 100, 100),
      });
    case 'number':
      return fc.double({ min: -1000, max: 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
    default:
      return fc.string({ maxLength: 10 });
  }
}

function some<T>(values: readonly T[], fallback: T): fc.Arbitrary<T> {
  return fc.constantFrom(...(values.length > 0 ? values : [fallback]));
}

/** Ids that exist (the caller's own rows and others'), and ids that do not. */
function idFrom(values: number[]): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 4, arbitrary: some(values, 1) },
    { weight: 1, arbitrary: fc.constantFrom(1, 2, 999_999, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1) },
  );
}

/** Prefer the caller's own row (resolved when the request is sent), sometimes anyone's. */
function ownOr(kind: 'ownOrder' | 'ownFollow', values: number[]): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.nat({ max: 50 }).map((pick): Value => new Ref(kind, pick)) },
    { weight: 1, arbitrary: idFrom(values) },
  );
}

const byInstrument = (kind: 'price' | 'leverage' | 'lots') =>
  fc.nat({ max: 50 }).map((pick): Value => new Ref(kind, pick));

/**
 * Plausible values by field name, so that requests get past the first check and reach the rules
 * behind it (the caller's own order's stops, the instrument's own leverages and lots, prices near
 * the quote); the schema fills in the rest.
 */
export function plausibleFor(field: Field, route: RouteSpec, pools: Pools): fc.Arbitrary<Value> {
  const allIds = [...pools.orderIds, ...pools.followIds, ...pools.newsIds, ...pools.conversationIds];
  switch (field.name) {
    case 'id':
      if (route.path.startsWith('/v1/api/forex/')) return ownOr('ownOrder', pools.orderIds);
      if (route.path === '/api/follow/trader') return idFrom(pools.traderIds);
      if (route.path.startsWith('/api/follow/')) return ownOr('ownFollow', pools.followIds);
      if (route.path.startsWith('/api/news/')) return idFrom(pools.newsIds);
      if (route.path.startsWith('/api/announcement/')) return idFrom(pools.announcementIds);
      return idFrom(allIds);
    case 'forex_id':
      return idFrom(pools.instrumentIds);
    case 'trader_id':
      return idFrom(pools.traderIds);
    case 'follow_id':
      return ownOr('ownFollow', pools.followIds);
    case 'conversation_id':
      return idFrom(pools.conversationIds);
    case 'category_id':
      return idFrom(pools.categoryIds);
    case 'area_id':
      return idFrom(pools.areaIds);
    case 'before':
      return idFrom(allIds);
    case 'target_price':
    case 'stop_loss_price':
    case 'target_profit_price':
      return fc.oneof(
        { weight: 6, arbitrary: byInstrument('price') },
        { weight: 1, arbitrary: fc.constantFrom<Value>('0', '', 0) },
        { weight: 1, arbitrary: some(pools.prices, '1.08500') },
      );
    case 'cont':
      return fc.oneof(
        { weight: 4, arbitrary: byInstrument('lots') },
        fc.constantFrom<Value>('0.01', '0.1', 1),
      );
    case 'multiple':
      return fc.oneof({ weight: 4, arbitrary: byInstrument('leverage') }, fc.constantFrom<Value>('100', 10));
    case 'type':
      // E-mail mostly: the plausible account is an e-mail address.
      if (field.schema.enum?.includes('email'))
        return fc.oneof({ weight: 3, arbitrary: fc.constant('email') }, fromSchema(field.schema));
      if (field.schema.enum) return fromSchema(field.schema);
      return fc.constantFrom(1, 2, 3, '1');
    case 'status':
      return fc.constantFrom(0, 1, 3, '1');
    case 'mode':
      return fc.constantFrom(1, 2);
    case 'page':
      return fc.constantFrom(1, 2, '1');
    case 'limit':
      return fc.constantFrom(1, 10, 50);
    case 'ratio':
      return fc.constantFrom('1', '0.5', '2', '0.01');
    case 'amount':
      return fc.constantFrom('100', '1000', '10', '10000000');
    case 'stop_loss_percent':
      return fc.constantFrom('10', '50', '0', '100');
    case 'close_copies':
      return fc.constantFrom<Value>(true, false, '1', '0', 'true');
    case 'account':
    case 'email':
      return fc.oneof(
        { weight: 4, arbitrary: some(pools.emails, 'a@example.com') },
        { weight: 1, arbitrary: fc.constantFrom('new-user@example.com', 'A.B+c@Example.org') },
        { weight: 1, arbitrary: fc.emailAddress() },
      );
    case 'password':
    case 'new_password':
    case 're_password':
    case 'secondary_password':
      // The same one mostly, so a password and its confirmation agree.
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant('Secret123') },
        fc.constantFrom('Back-office 2026!', 'Other456x'),
      );
    case 'sms_code':
    case 'auth_code':
      return fc.stringMatching(/^[0-9]{6}$/);
    case 'invite_code':
      return fc.constantFrom('', 'ABCDEFGH', '12345678');
    case 'display_name':
      return fc.constantFrom('Fuzz Trader', 'Ann', 'Trader 2');
    case 'text':
      return fc.constantFrom('Hello', 'Where is my deposit?', ' spaced ');
    case 'name':
      if (route.path.includes('/image/')) return some(pools.uploadNames, 'x.png');
      return fc.constantFrom('Jane Doe', 'gold', 'a');
    case 'code':
      return some(pools.logoCodes, 'EURUSD');
    case 'front_pic':
    case 'reverse_pic':
    case 'image':
      // The caller's own pictures (a real user's ID photos, a chat image), sometimes anyone's.
      return fc.oneof(
        { weight: 4, arbitrary: fc.nat({ max: 50 }).map((pick): Value => new Ref('ownUpload', pick)) },
        { weight: 1, arbitrary: some(pools.uploadNames, 'x.png') },
      );
    case 'card_id':
      return fc.constantFrom('A1234567', 'P98765432', 'X99');
    case 'searchCurrency':
      return fc.constantFrom('EUR', 'btc', 'usd');
    case 'period':
      return fc.constantFrom('1', '5', '15', '60', '1D', '1min', 'day');
    default:
      return fromSchema(field.schema);
  }
}

function isNumeric(schema: FieldSchema): boolean {
  return (
    schema.type === 'integer' ||
    schema.type === 'number' ||
    (schema.anyOf ?? []).some((member) => member.type === 'number' || member.type === 'integer')
  );
}

/**
 * A hostile value for a field: extreme numbers (more of them for a numeric field), control
 * characters, over-long text, wrong kinds.
 */
function hostileFor(field: Field, plausible: fc.Arbitrary<Value>): fc.Arbitrary<Slot> {
  const numeric = isNumeric(field.schema);
  return fc.oneof(
    { weight: numeric ? 6 : 2, arbitrary: fc.constantFrom(...EXTREME_NUMBER_TEXTS) },
    { weight: numeric ? 3 : 1, arbitrary: fc.constantFrom(...ODD_NUMBER_TEXTS) },
    { weight: numeric ? 3 : 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: numeric ? 2 : 6, arbitrary: withControl(plausible) },
    { weight: numeric ? 1 : 2, arbitrary: longText(field.schema) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    // Two values for one field: a duplicated query or form key, a JSON array.
    { weight: 1, arbitrary: fc.array(plausible, { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constant<Slot>(OMIT) },
  );
}

/**
 * Which fields a request spoils. Mostly one (every other field plausible, so the spoilt one is
 * what the server meets), sometimes a few or all, sometimes none (the calls that succeed keep the
 * world moving). The cache-buster `t`, on every route, is spoilt only with the others.
 */
function spoilArbitrary(fields: Field[]): fc.Arbitrary<(index: number) => boolean> {
  const targets = fields.flatMap((field, index) => (field.name === 't' ? [] : [index]));
  const count = targets.length;
  if (count === 0) return fc.boolean().map((all) => () => all);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(...targets).map((one) => (index: number) => index === one),
    },
    {
      weight: 2,
      arbitrary: fc
        .uniqueArray(fc.constantFrom(...targets), {
          minLength: Math.min(2, count),
          maxLength: Math.min(3, count),
        })
        .map((few) => (index: number) => few.includes(index)),
    },
    { weight: 1, arbitrary: fc.constant(() => true) },
    { weight: 1, arbitrary: fc.constant(() => false) },
  );
}

export function fieldsArbitrary(
  fields: Field[],
  route: RouteSpec,
  pools: Pools,
): fc.Arbitrary<Record<string, Value>> {
  const candidates = fields.map((field) => {
    const plausible = plausibleFor(field, route, pools);
    // An optional field is left out a quarter of the time when it is not spoilt (the schema does
    // not say which optional fields go together, such as an account for its type).
    const kept = field.required ? fc.constant(true) : fc.nat({ max: 3 }).map((roll) => roll > 0);
    return fc.tuple(plausible, hostileFor(field, plausible), kept);
  });
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant<[string, Slot][]>([]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('unknown_field', 'constructor', 'toString', 'x'.repeat(300)),
          fc.constantFrom(...WRONG_TYPES),
        )
        .map(([name, value]): [string, Slot][] => [[name, value]]),
    },
  );
  return fc.tuple(fc.tuple(...candidates), spoilArbitrary(fields), extra).map(([values, spoilt, more]) => {
    const record: Record<string, Value> = {};
    values.forEach(([plausible, hostile, kept], index) => {
      const name = fields[index]?.name;
      if (name === undefined) return;
      const value: Slot = spoilt(index) ? hostile : kept ? plausible : OMIT;
      if (value !== OMIT) record[name] = value;
    });
    for (const [name, value] of more) if (value !== OMIT) record[name] = value;
    return record;
  });
}
