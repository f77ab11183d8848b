import { LIMITS } from '@meridian/contract/limits';
import fc from 'fast-check';
import { fieldsArbitrary, withControl } from './field-arbitraries';
import type { Value } from './field-values';
import type { RouteSpec } from './route-table';
import type { Pools } from './seed-world';

/** A body that is not what the route takes; what the server may answer depends on the fault. */
export type RawBody = {
  fault: 'malformed' | 'too_large' | 'media_type' | 'odd';
  contentType: string | undefined;
  payload: string;
};

export const RAW_BODIES: RawBody[] = [
  ...['{', '{"id":', '{"id":1,}', '[', 'nul', "{'id':1}", '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}'].map(
    (payload): RawBody => ({ fault: 'malformed', contentType: 'application/json', payload }),
  ),
  { fault: 'malformed', contentType: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  ...['[1,2]', 'null', '"text"', '123', 'true', '', '{"id":1,"id":"x"}', '\ufeff{}', '{}'].map(
    (payload): RawBody => ({ fault: 'odd', contentType: 'application/json', payload }),
  ),
  { fault: 'odd', contentType: 'application/json', payload: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}` },
  { fault: 'odd', contentType: 'application/json', payload: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { fault: 'odd', contentType: 'application/x-www-form-urlencoded', payload: '%zz=%%&id=%E0%A4%A&&=&' },
  { fault: 'odd', contentType: 'application/json; charset=utf-16', payload: '{}' },
  { fault: 'odd', contentType: 'APPLICATION/JSON', payload: '{}' },
  // Fastify reads text/plain by default (as a string, which no schema takes): 200 code 0 or 415.
  { fault: 'odd', contentType: 'text/plain', payload: 'id=1' },
  { fault: 'media_type', contentType: 'application/xml', payload: '<id>1</id>' },
  { fault: 'media_type', contentType: 'multipart/form-data; boundary=zz', payload: '--zz\r\ngarbage' },
  { fault: 'media_type', contentType: 'image/png', payload: '\u0089PNG' },
  {
    fault: 'too_large',
    contentType: 'application/json',
    payload: JSON.stringify({ text: 'a'.repeat(LIMITS.requestBodyBytesMax) }),
  },
];

/** Query strings that a decoder must survive: bad escapes, empty keys, a key with no value. */
const RAW_QUERY_SUFFIXES = [
  '',
  '',
  '',
  '',
  '',
  '&%zz=1',
  '&t=%E0%A4%A',
  '&=&&=',
  '&id',
  '&%00=%00',
  '&t[]=1&t[a]=2',
];

export type IdentityKind = 'none' | 'bogus' | 'demo' | 'real' | 'staff';

export type FuzzRequest = {
  identity: { kind: IdentityKind; index: number };
  bogusToken: string;
  lang: string;
  encoding: 'query' | 'json' | 'form' | 'query-on-post' | 'raw' | 'multipart';
  fields: Record<string, Value>;
  params: Record<string, Value>;
  querySuffix: string;
  raw: RawBody | undefined;
  upload: { bytes: Uint8Array; filename: string; contentType: string; purpose: Value } | undefined;
};

function identityArbitrary(route: RouteSpec): fc.Arbitrary<{ kind: IdentityKind; index: number }> {
  const own: IdentityKind[] = route.area === 'staff' ? ['staff'] : ['demo', 'real'];
  const other: IdentityKind[] = route.area === 'staff' ? ['demo', 'real'] : ['staff'];
  const kind = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constant<IdentityKind>('none') },
    { weight: 1, arbitrary: fc.constant<IdentityKind>('bogus') },
    { weight: 1, arbitrary: fc.constantFrom(...other) },
  );
  return fc.record({ kind, index: fc.nat({ max: 9 }) });
}

function encodingArbitrary(route: RouteSpec): fc.Arbitrary<FuzzRequest['encoding']> {
  if (route.method === 'GET') return fc.constant('query');
  const common = [
    { weight: 2, arbitrary: fc.constant<FuzzRequest['encoding']>('form') },
    { weight: 1, arbitrary: fc.constant<FuzzRequest['encoding']>('query-on-post') },
    { weight: 1, arbitrary: fc.constant<FuzzRequest['encoding']>('raw') },
  ];
  if (route.multipart)
    return fc.oneof({ weight: 6, arbitrary: fc.constant<FuzzRequest['encoding']>('multipart') }, ...common);
  return fc.oneof({ weight: 5, arbitrary: fc.constant<FuzzRequest['encoding']>('json') }, ...common);
}

/** Every request the fuzz may send to one route, from the route's own schema. */
export function requestArbitrary(route: RouteSpec, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const upload = route.multipart
    ? fc.option(
        fc.record({
          bytes: fc.uint8Array({ maxLength: 300 }),
          filename: fc.constantFrom('photo.jpg', '../../etc/passwd', 'a\u0000.png', 'x'.repeat(300)),
          contentType: fc.constantFrom('image/jpeg', 'image/png', 'text/html', 'application/octet-stream'),
          purpose: fc.oneof(
            fc.constantFrom<Value>('kyc', 'chat', 'proof', ''),
            withControl(fc.constant('chat')),
          ),
        }),
        { nil: undefined, freq: 5 },
      )
    : fc.constant(undefined);
  return fc.record({
    identity: identityArbitrary(route),
    bogusToken: fc.constantFrom('x', 'Bearer abc', 'a'.repeat(5000), 'null', '0'.repeat(64), 'f'.repeat(64)),
    lang: fc.constantFrom('en', 'hk', 'ar', 'xx', '', 'e'.repeat(300), 'zh-CN'),
    encoding: encodingArbitrary(route),
    fields: fieldsArbitrary([...route.query, ...(route.body ?? [])], route, pools),
    params: fieldsArbitrary(route.params, route, pools),
    querySuffix: fc.constantFrom(...RAW_QUERY_SUFFIXES),
    raw: fc.constantFrom(...RAW_BODIES),
    upload,
  });
}
