import type { InjectOptions } from 'fastify';
import { freshAddress } from '../accounts';
import { multipartBody } from '../images';
import { RawNumber, textOf, type Value } from './field-values';
import type { FuzzRequest } from './request-arbitrary';
import type { RouteSpec } from './route-table';

/** Percent-encodes every byte of the UTF-8 text but the unreserved ones (a lone surrogate becomes U+FFFD). */
function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Query or form pairs: an array repeats the key, an object writes `key[sub]`, null the bare key. */
function pairsOf(name: string, value: Value): string[] {
  if (value === null) return [percentEncode(name)];
  if (Array.isArray(value)) return value.flatMap((item) => pairsOf(name, item));
  if (typeof value === 'object' && !(value instanceof RawNumber))
    return Object.entries(value).flatMap(([key, item]) => pairsOf(`${name}[${key}]`, item));
  return [`${percentEncode(name)}=${percentEncode(String(value))}`];
}

export function formText(fields: Record<string, Value>): string {
  return Object.entries(fields)
    .flatMap(([name, value]) => pairsOf(name, value))
    .join('&');
}

/** JSON text that keeps raw numbers as written. */
export function jsonText(value: Value): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

function pathOf(route: RouteSpec, params: Record<string, Value>): string {
  return route.path.replace(/\{([a-z_]+)\}/gi, (_whole, name: string) => {
    const value = params[name];
    return value === undefined ? '' : percentEncode(textOf(value));
  });
}

/** The request as Fastify's inject takes it, signed in with the given token (or none). */
export function toInject(route: RouteSpec, request: FuzzRequest, token: string | undefined): InjectOptions {
  const headers: Record<string, string> = {
    lang: request.lang,
    // A client address of its own per request: the per-address limits never stand in the validators' way.
    'x-forwarded-for': freshAddress(),
  };
  if (token !== undefined) headers.authorization = token;
  const url = pathOf(route, request.params);
  const query = formText(request.fields);
  if (route.method === 'GET' || request.encoding === 'query-on-post')
    return { method: route.method, url: `${url}?${query}${request.querySuffix}`, headers };
  if (request.encoding === 'raw' && request.raw) {
    if (request.raw.contentType) headers['content-type'] = request.raw.contentType;
    return { method: 'POST', url, headers, payload: request.raw.payload };
  }
  if (request.encoding === 'multipart') {
    const form = multipartBody({
      file: request.upload && {
        bytes: Buffer.from(request.upload.bytes),
        filename: request.upload.filename,
        contentType: request.upload.contentType,
      },
      fields: request.upload ? { purpose: textOf(request.upload.purpose) } : {},
    });
    headers['content-type'] = form.contentType;
    return { method: 'POST', url, headers, payload: form.payload };
  }
  if (request.encoding === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return { method: 'POST', url, headers, payload: query };
  }
  headers['content-type'] = 'application/json';
  return { method: 'POST', url, headers, payload: jsonText(request.fields) };
}

/** A short, printable account of a request for a failure message (long values cut). */
export function describeRequest(route: RouteSpec, request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}...(${text.length} chars)` : text);
  const fields = Object.entries(request.fields)
    .map(([name, value]) => `${name}=${cut(JSON.stringify(jsonText(value)))}`)
    .join(', ');
  const raw =
    request.encoding === 'raw' && request.raw
      ? ` raw[${request.raw.fault} ${request.raw.contentType}] ${cut(JSON.stringify(request.raw.payload))}`
      : '';
  return `${route.method} ${route.path} as ${request.identity.kind} (${request.encoding}${request.querySuffix}) {${fields}}${raw}`;
}
