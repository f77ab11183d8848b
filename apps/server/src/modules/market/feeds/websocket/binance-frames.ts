/**
 * The frames of Binance spot's raw WebSocket stream (`/ws`) that the book ticker adapter reads, as
 * documented in binance-spot-api-docs, web-socket-streams.md ("Individual Symbol Book Ticker
 * Streams", "Live Subscribing/Unsubscribing to streams", "Server Shutdown"). Anything else is
 * malformed: the caller counts it and carries on.
 */

export type BookTickerFrame = { kind: 'bookTicker'; symbol: string; bid: string; ask: string };
/** `{"result":null,"id":N}`: the request N succeeded. */
export type AnswerFrame = { kind: 'answer'; id: number };
/**
 * A refused request. The documentation lists `{"code":2,"msg":"..."}` (some with `id`); the
 * venue has been seen answering `{"error":{"code":2,"msg":"Invalid request: invalid stream"},"id":2}`.
 * Both are read.
 */
export type ErrorFrame = { kind: 'error'; id: number | undefined; code: number; message: string };
/** `{"e":"serverShutdown","E":...}`: the server is about to close this connection. */
export type ShutdownFrame = { kind: 'serverShutdown' };
export type MalformedReason = 'not_json' | 'bad_shape' | 'binary' | 'oversized';
export type MalformedFrame = { kind: 'malformed'; reason: MalformedReason };

export type StreamFrame = BookTickerFrame | AnswerFrame | ErrorFrame | ShutdownFrame | MalformedFrame;

/** Longer than any symbol or price the venue sends; a longer field is not a quote. */
const MAX_FIELD = 40;

const text = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD;
const requestId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function errorOf(id: unknown, body: Record<string, unknown>): ErrorFrame | undefined {
  if (typeof body.code !== 'number' || typeof body.msg !== 'string') return undefined;
  return {
    kind: 'error',
    id: requestId(id) ? id : undefined,
    code: body.code,
    message: body.msg.slice(0, 200),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads one text frame; never throws. */
export function readFrame(data: string): StreamFrame {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { kind: 'malformed', reason: 'not_json' };
  }
  if (!isObject(value)) return { kind: 'malformed', reason: 'bad_shape' };
  // A combined stream (`/stream`) wraps each event as {"stream":"<name>","data":<raw payload>}.
  if (typeof value.stream === 'string' && isObject(value.data)) value = value.data;
  if (!isObject(value)) return { kind: 'malformed', reason: 'bad_shape' };
  if ('s' in value || 'b' in value || 'a' in value) {
    // The documented payload carries `u` (the book's update id) too; it is not needed to quote,
    // so a frame without it still counts, but a wrong type anywhere is not a quote.
    if (!text(value.s) || !text(value.b) || !text(value.a)) return { kind: 'malformed', reason: 'bad_shape' };
    if ('u' in value && typeof value.u !== 'number') return { kind: 'malformed', reason: 'bad_shape' };
    return { kind: 'bookTicker', symbol: value.s, bid: value.b, ask: value.a };
  }
  if ('result' in value && requestId(value.id)) return { kind: 'answer', id: value.id };
  if (isObject(value.error))
    return errorOf(value.id, value.error) ?? { kind: 'malformed', reason: 'bad_shape' };
  if ('code' in value) return errorOf(value.id, value) ?? { kind: 'malformed', reason: 'bad_shape' };
  if (value.e === 'serverShutdown') return { kind: 'serverShutdown' };
  return { kind: 'malformed', reason: 'bad_shape' };
}

/** The stream of a feed symbol (BTCUSDT → btcusdt@bookTicker), or undefined when the venue could not name one. */
export function bookTickerStream(symbol: string): string | undefined {
  const lower = symbol.toLowerCase();
  // Only letters and digits: a symbol like "btcusdt@trade/x" must not ask for another stream.
  return /^[a-z0-9]{2,30}$/.test(lower) ? `${lower}@bookTicker` : undefined;
}
