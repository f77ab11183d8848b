import { ClientMessage, type ServerPush, type ServerReply } from '@meridian/contract/socket';

/** What one inbound frame means; null for anything we ignore (binary, unparsable, unknown type). */
type Inbound = { kind: 'bare-ping' } | { kind: 'message'; message: ClientMessage };

const BARE_PING = 'ping';
/** Answers prepared once: a ping is the most frequent message, so it costs no serialization. */
export const BARE_PONG = 'pong';
export const JSON_PONG = JSON.stringify({ type: 'pong' } satisfies ServerReply);

/** Reads a text frame. Parse errors are not answered: the spec's client ignores them too. */
export function parseInbound(text: string): Inbound | null {
  if (text === BARE_PING) return { kind: 'bare-ping' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ClientMessage.safeParse(json);
  return parsed.success ? { kind: 'message', message: parsed.data } : null;
}

/**
 * The text of a push, made once per published message and sent as-is to every subscriber
 * (and through Redis to every other node), so fan-out never serializes per client.
 */
export function pushText(topic: string, data: unknown): string {
  return JSON.stringify({ type: 'push', topic, data } satisfies ServerPush);
}

export function replyText(reply: ServerReply): string {
  return JSON.stringify(reply);
}
