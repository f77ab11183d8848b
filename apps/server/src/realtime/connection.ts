import { type ClientMessage, isPublicTopic, isUserTopic, USER_TOPICS } from '@meridian/contract/socket';
import type { FastifyBaseLogger } from 'fastify';
import { type MessageParams, translate } from '../http/i18n';
import type { SocketClient } from './client';
import type { Fanout } from './fanout';
import type { SocketLimits } from './limits';
import { BARE_PONG, JSON_PONG, parseInbound, replyText } from './protocol';

/**
 * Checks a login token: the user it belongs to, or null when it is unknown, revoked or expired.
 * Any other failure (the database is down) rejects.
 */
export type SessionCheck = (token: string) => Promise<{ userId: number } | null>;

/** What handling a client's messages needs from the hub. */
export type ConnectionDeps = {
  fanout: Fanout;
  limits: SocketLimits;
  verify: SessionCheck;
  log: FastifyBaseLogger;
  nowMs(): number;
};

const MINUTE_MS = 60_000;

/** One text frame from a client. Unparsable frames are ignored, as the protocol says. */
export function handleFrame(deps: ConnectionDeps, client: SocketClient, text: string): void {
  client.lastSeenMs = deps.nowMs();
  if (client.loginPending) {
    // Later messages wait for the login's answer, so `login` then `sub forex.trade` keeps its order.
    if (client.backlog.length < deps.limits.pendingMessagesMax) client.backlog.push(text);
    return;
  }
  const inbound = parseInbound(text);
  if (!inbound) return;
  if (inbound.kind === 'bare-ping') {
    client.send(BARE_PONG);
    return;
  }
  handleMessage(deps, client, inbound.message);
}

function handleMessage(deps: ConnectionDeps, client: SocketClient, message: ClientMessage): void {
  switch (message.type) {
    case 'ping':
      client.send(JSON_PONG);
      return;
    case 'login':
      login(deps, client, message.params.token);
      return;
    case 'logout':
      logout(deps, client);
      client.send(replyText({ type: 'logout', code: 1, msg: translate(client.lang, 'success') }));
      return;
    case 'sub':
      subscribe(deps, client, message.params.topic);
      return;
    case 'unsub':
      unsubscribe(deps, client, message.params.topic);
      return;
    default: {
      const unknown: never = message;
      throw new Error(`unhandled socket message ${JSON.stringify(unknown)}`);
    }
  }
}

type Refusal = { key: string; params?: MessageParams };

function refuse(client: SocketClient, type: 'sub' | 'unsub', topic: string, refusal: Refusal): void {
  client.send(replyText({ type, code: 0, topic, msg: translate(client.lang, refusal.key, refusal.params) }));
}

function isKnownTopic(topic: string): boolean {
  return isUserTopic(topic) || isPublicTopic(topic);
}

/** Why this client may not subscribe to the topic, or null when it may. */
function subscriptionRefusal(deps: ConnectionDeps, client: SocketClient, topic: string): Refusal | null {
  if (!isKnownTopic(topic)) return { key: 'error.topic_unknown' };
  if (isUserTopic(topic) && client.userId === null) return { key: 'error.topic_login_required' };
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
function logout(deps: ConnectionDeps, client: SocketClient): void {
  for (const topic of USER_TOPICS) deps.fanout.unsubscribe(client, topic);
  deps.fanout.setUser(client, null);
}

function loginAllowed(deps: ConnectionDeps, client: SocketClient): boolean {
  const now = deps.nowMs();
  if (now - client.loginWindowStartMs >= MINUTE_MS) {
    client.loginWindowStartMs = now;
    client.loginsInWindow = 0;
  }
  client.loginsInWindow += 1;
  return client.loginsInWindow <= deps.limits.loginsPerMinuteMax;
}

function login(deps: ConnectionDeps, client: SocketClient, token: string): void {
  const reply = (code: number, key: string, params?: MessageParams): void => {
    client.send(replyText({ type: 'login', code, msg: translate(client.lang, key, params) }));
  };
  // Each login costs a database read; a socket may not turn that into a flood.
  if (!loginAllowed(deps, client)) {
    const seconds = Math.max(1, Math.ceil((client.loginWindowStartMs + MINUTE_MS - deps.nowMs()) / 1000));
    reply(0, 'error.rate_limited', { seconds });
    return;
  }
  client.loginPending = true;
  deps
    .verify(token)
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

function drainBacklog(deps: ConnectionDeps, client: SocketClient): void {
  // A second login in the backlog pauses the drain again; the rest waits for its answer.
  while (client.backlog.length > 0 && !client.loginPending && client.isOpen) {
    const text = client.backlog.shift() as string;
    handleFrame(deps, client, text);
  }
}
