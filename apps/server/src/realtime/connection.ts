import {
  type ClientMessage,
  isPublicTopic,
  isUserTopic,
  KLINE_TOPIC_PATTERN,
  USER_TOPICS,
} from '@meridian/contract/socket';
import type { UserId } from '@meridian/domain/ids';
import type { FastifyBaseLogger } from 'fastify';
import { type MessageParams, translate } from '../http/i18n';
import { SERVER_LIMITS } from '../limits';
import type { SocketClient } from './client';
import type { Fanout } from './fanout';
import type { SocketLimits } from './limits';
import { BARE_PONG, JSON_PONG, parseInbound, replyText } from './protocol';
import type { SessionEndings } from './session-endings';

/**
 * Checks a login token: the user and session it belongs to, or null when it is unknown, revoked or
 * expired. Any other failure (the database is down) rejects.
 */
export type SessionCheck = (token: string) => Promise<{ userId: UserId; sessionId: number } | null>;

/** What the hub asks of the rest of the server about a client's messages. */
export type ConnectionChecks = {
  verify: SessionCheck;
  /** Whether the live market has this instrument, so a chart topic names a real one. */
  instrumentExists(instrumentId: number): boolean;
};

/** What handling a client's messages needs from the hub. */
export type ConnectionDeps = ConnectionChecks & {
  fanout: Fanout;
  limits: SocketLimits;
  endings: SessionEndings;
  log: FastifyBaseLogger;
  nowMs(): number;
};

const MINUTE_MS = 60_000;

/** One text frame from a client. Unparsable frames are ignored, as the protocol says. */
export function handleFrame(deps: ConnectionDeps, client: SocketClient, text: string): void {
  receiveFrame(deps, client, text, (message) => handleMessage(deps, client, message));
}

/**
 * What both sockets (customers' and staff's) do with a text frame before its message: note the
 * client is alive, keep the frame back while a login is under way (so `login` then `sub` keeps its
 * order), ignore what does not parse, and answer a bare ping.
 */
export function receiveFrame(
  deps: { limits: SocketLimits; nowMs(): number },
  client: SocketClient,
  text: string,
  handle: (message: ClientMessage) => void,
): void {
  client.lastSeenMs = deps.nowMs();
  if (client.loginPending) {
    if (client.backlog.length < deps.limits.pendingMessagesMax) client.backlog.push(text);
    return;
  }
  const inbound = parseInbound(text);
  if (!inbound) return;
  if (inbound.kind === 'bare-ping') {
    client.send(BARE_PONG);
    return;
  }
  handle(inbound.message);
}

function handleMessage(deps: ConnectionDeps, client: SocketClient, message: ClientMessage): void {
  dispatchMessage(client, message, {
    login: (token) => login(deps, client, token),
    logout: () => logout(deps, client),
    subscribe: (topic) => subscribe(deps, client, topic),
    unsubscribe: (topic) => unsubscribe(deps, client, topic),
  });
}

/** What a socket does with each message of the protocol: the customer and the staff socket differ here only. */
export type MessageHandlers = {
  login(token: string): void;
  logout(): void;
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
};

/** Answers a ping, and a logout once it is done; hands every other message to `handlers`. */
export function dispatchMessage(
  client: SocketClient,
  message: ClientMessage,
  handlers: MessageHandlers,
): void {
  switch (message.type) {
    case 'ping':
      client.send(JSON_PONG);
      return;
    case 'login':
      handlers.login(message.params.token);
      return;
    case 'logout':
      handlers.logout();
      client.send(replyText({ type: 'logout', code: 1, msg: translate(client.lang, 'success') }));
      return;
    case 'sub':
      handlers.subscribe(message.params.topic);
      return;
    case 'unsub':
      handlers.unsubscribe(message.params.topic);
      return;
    default: {
      const unknown: never = message;
      throw new Error(`unhandled socket message ${JSON.stringify(unknown)}`);
    }
  }
}

type Refusal = { key: string; params?: MessageParams };

/** Answers a `sub` or `unsub` that is refused, in the client's language. */
export function refuse(client: SocketClient, type: 'sub' | 'unsub', topic: string, refusal: Refusal): void {
  client.send(replyText({ type, code: 0, topic, msg: translate(client.lang, refusal.key, refusal.params) }));
}

function isKnownTopic(topic: string): boolean {
  return isUserTopic(topic) || isPublicTopic(topic);
}

/** A chart topic's instrument id, or null for another topic. */
function klineInstrumentId(topic: string): number | null {
  const id = KLINE_TOPIC_PATTERN.exec(topic)?.[1];
  return id === undefined ? null : Number(id);
}

/** Why this client may not subscribe to the topic, or null when it may. */
function subscriptionRefusal(deps: ConnectionDeps, client: SocketClient, topic: string): Refusal | null {
  if (!isKnownTopic(topic)) return { key: 'error.topic_unknown' };
  if (isUserTopic(topic) && client.userId === null) return { key: 'error.topic_login_required' };
  // A chart of an instrument nobody trades would hold a topic (and Redis announcements) for nothing.
  const instrumentId = klineInstrumentId(topic);
  if (instrumentId !== null && !deps.instrumentExists(instrumentId)) {
    return { key: 'error.instrument_unknown' };
  }
  if (!client.topics.has(topic) && client.topics.size >= deps.limits.subscriptionsMax) {
    return { key: 'error.subscriptions_max', params: { max: deps.limits.subscriptionsMax } };
  }
  return null;
}

function subscribe(deps: ConnectionDeps, client: SocketClient, topic: string): void {
  const refusal = subscriptionRefusal(deps, client, topic);
  if (refusal) {
    refuse(client, 'sub', topic, refusal);
    return;
  }
  deps.fanout.subscribe(client, topic);
  client.send(replyText({ type: 'sub', code: 1, topic }));
}

function unsubscribe(deps: ConnectionDeps, client: SocketClient, topic: string): void {
  if (!isKnownTopic(topic)) {
    refuse(client, 'unsub', topic, { key: 'error.topic_unknown' });
    return;
  }
  deps.fanout.unsubscribe(client, topic);
  client.send(replyText({ type: 'unsub', code: 1, topic }));
}

/** Back to anonymous: the user's own topics go with the login that allowed them. */
function logout(deps: Pick<ConnectionDeps, 'fanout'>, client: SocketClient): void {
  for (const topic of USER_TOPICS) deps.fanout.unsubscribe(client, topic);
  deps.fanout.setUser(client, null);
  client.sessionId = null;
}

/**
 * The session the socket logged in with has ended (a logout, a password change): the socket is
 * anonymous again at once and is told so, unasked, as a refused login would be (999).
 */
export function endLogin(deps: Pick<ConnectionDeps, 'fanout'>, client: SocketClient): void {
  logout(deps, client);
  client.send(replyText({ type: 'login', code: 999, msg: translate(client.lang, 'error.session_invalid') }));
}

function loginAllowed(deps: Pick<ConnectionDeps, 'nowMs' | 'limits'>, client: SocketClient): boolean {
  const now = deps.nowMs();
  if (now - client.loginWindowStartMs >= MINUTE_MS) {
    client.loginWindowStartMs = now;
    client.loginsInWindow = 0;
  }
  client.loginsInWindow += 1;
  return client.loginsInWindow <= deps.limits.loginsPerMinuteMax;
}

/** Answers a login, in the client's language. */
type LoginReply = (code: number, key: string, params?: MessageParams) => void;

export function loginReply(client: SocketClient): LoginReply {
  return (code, key, params) => {
    client.send(replyText({ type: 'login', code, msg: translate(client.lang, key, params) }));
  };
}

/**
 * Each login costs a database read; a socket may not turn that into a flood. Whether this login is
 * over the limit: then it has been answered with the seconds to wait.
 */
export function loginOverLimit(
  deps: Pick<ConnectionDeps, 'nowMs' | 'limits'>,
  client: SocketClient,
  reply: LoginReply,
): boolean {
  if (loginAllowed(deps, client)) return false;
  const seconds = Math.max(1, Math.ceil((client.loginWindowStartMs + MINUTE_MS - deps.nowMs()) / 1000));
  reply(0, 'error.rate_limited', { seconds });
  return true;
}

function login(deps: ConnectionDeps, client: SocketClient, token: string): void {
  const reply = loginReply(client);
  if (loginOverLimit(deps, client, reply)) return;
  client.loginPending = true;
  verifyLive(deps, token)
    .then((found) => {
      if (!client.isOpen) return;
      if (!found) {
        // A refused token leaves the socket open, anonymous, like a visitor's.
        logout(deps, client);
        return reply(999, 'error.session_invalid');
      }
      if (found.userId !== client.userId) {
        logout(deps, client);
        if (deps.fanout.socketsOfUser(found.userId) >= deps.limits.socketsPerUserMax) {
          return reply(0, 'error.sockets_per_user_max', { max: deps.limits.socketsPerUserMax });
        }
        deps.fanout.setUser(client, found.userId);
      }
      client.sessionId = found.sessionId;
      return reply(1, 'success');
    })
    .catch((error: unknown) => {
      deps.log.error({ err: error }, 'socket login failed');
      reply(0, 'error.internal');
    })
    .finally(() => {
      client.loginPending = false;
      drainBacklog(deps, client);
    });
}

/**
 * Checks a token, and answers null for a session that ended while it was being checked: the read
 * may predate the ending's commit, and the hub, which drops an ending's sockets as it hears of it,
 * has not seen this one logged in yet.
 */
async function verifyLive(deps: ConnectionDeps, token: string): Promise<Awaited<ReturnType<SessionCheck>>> {
  for (let attempt = 1; ; attempt += 1) {
    const mark = deps.endings.mark();
    const found = await deps.verify(token);
    if (!found) return null;
    const ended = deps.endings.endedSince(mark, found.userId, found.sessionId);
    if (ended === false) return found;
    if (ended === true) return null;
    // More endings came in than are remembered: check again, a few times at most.
    if (attempt >= SERVER_LIMITS.socketSessionChecksMax)
      throw new Error('session endings outran a socket login');
  }
}

function drainBacklog(deps: ConnectionDeps, client: SocketClient): void {
  // A second login in the backlog pauses the drain again; the rest waits for its answer.
  while (client.backlog.length > 0 && !client.loginPending && client.isOpen) {
    const text = client.backlog.shift() as string;
    handleFrame(deps, client, text);
  }
}
