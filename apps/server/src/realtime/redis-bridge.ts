import { randomBytes } from 'node:crypto';
import { asUserId, type UserId } from '@meridian/domain/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { EndedSessions } from '../events';
import { SERVER_LIMITS } from '../limits';
import { openPubSub, type PubSub } from './redis-pubsub';

/**
 * Shares the hub's pushes between server nodes through one Redis pub/sub channel
 * (ARCHITECTURE.md principle 5). Every node publishes what its producers publish and delivers
 * what the others publish to its own sockets. Messages are plain text with a short header, so a
 * receiving node sends the push's text on without parsing or serializing it again:
 *
 *   P\n<node>\n<topic>\n<push text>           a topic push
 *   U\n<node>\n<user id>\n<topic>\n<push text> a push to one user's sockets
 *   S\n<node>\n<ended sessions as JSON>      sessions ended: their sockets lose the user
 *   I\n<node>\n<topic> <topic> ...            the topics the node's sockets listen on
 *   H\n<node>                                 a node started: the others announce their topics
 *   B\n<node>                                 a node stopped: forget its topics
 *
 * The topic announcements let `hasSubscribers` answer for the whole cluster, so a producer on
 * the engine node skips work only when no socket on any node wants it.
 */
export type RedisBridge = {
  publish(topic: string, text: string): void;
  publishToUser(userId: UserId, topic: string, text: string): void;
  /** Tells the other nodes that sessions ended, so their sockets of those sessions lose the user. */
  endSessions(ended: EndedSessions): void;
  /** Whether another node has a socket subscribed to the topic (as last announced). */
  remoteListens(topic: string): boolean;
  /** Tells the other nodes this node's topics; called when they change (coalesced per tick). */
  topicsChanged(): void;
  close(): Promise<void>;
};

type RedisBridgeOptions = {
  url: string;
  channel: string;
  log: FastifyBaseLogger;
  /** Topics this node's sockets listen on, read when announcing. */
  localTopics(): Iterable<string>;
  onPush(topic: string, text: string): void;
  onUserPush(userId: UserId, topic: string, text: string): void;
  onSessionsEnded(ended: EndedSessions): void;
  /** How often a node repeats its topics; a node silent for three periods is forgotten. */
  announceMs?: number;
  nowMs?(): number;
};

type RemoteNode = { topics: Set<string>; seenAtMs: number };

/** Splits `fields` header lines off a message; the last part keeps any newlines it has. */
function splitHeader(message: string, fields: number): string[] | null {
  const parts: string[] = [];
  let start = 0;
  for (let index = 0; index < fields; index += 1) {
    const end = message.indexOf('\n', start);
    if (end < 0) return null;
    parts.push(message.slice(start, end));
    start = end + 1;
  }
  parts.push(message.slice(start));
  return parts;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value);

/** An `S` message's sessions, or null for anything else (a newer node's format, a stray message). */
function parseEndedSessions(text: string): EndedSessions | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const ended = value as { userId?: unknown; sessionId?: unknown; keepSessionId?: unknown } | null;
  if (!ended || !isId(ended.userId)) return null;
  if (isId(ended.sessionId)) return { userId: asUserId(ended.userId), sessionId: ended.sessionId };
  if (ended.keepSessionId === null || isId(ended.keepSessionId)) {
    return { userId: asUserId(ended.userId), keepSessionId: ended.keepSessionId };
  }
  return null;
}

function assertTopic(topic: string): void {
  // Topics come from our own producers; a newline would break the header, so it is a bug.
  if (topic.includes('\n') || topic.includes(' ')) throw new Error(`invalid realtime topic ${topic}`);
}

/** Connects to Redis (two connections: a subscribed one cannot publish) and joins the channel. */
export async function openRedisBridge(options: RedisBridgeOptions): Promise<RedisBridge> {
  const nodeId = randomBytes(6).toString('hex');
  const nowMs = options.nowMs ?? Date.now;
  const announceMs = options.announceMs ?? SERVER_LIMITS.socketBridgeAnnounceIntervalMs;
  const { channel, log } = options;
  const remotes = new Map<string, RemoteNode>();
  let pubsub: PubSub | undefined;
  const send = (message: string) => pubsub?.publish(message);
  const announce = () => send(`I\n${nodeId}\n${[...options.localTopics()].join(' ')}`);

  const onMessage = (message: string) => {
    const [kind, sender] = splitHeader(message, 2) ?? [];
    if (!kind || !sender || sender === nodeId) return;
    if (kind === 'P') {
      const parts = splitHeader(message, 3);
      if (parts?.[2] !== undefined && parts[3] !== undefined) options.onPush(parts[2], parts[3]);
    } else if (kind === 'U') {
      const parts = splitHeader(message, 4);
      const userId = Number(parts?.[2]);
      if (parts?.[3] !== undefined && parts[4] !== undefined && Number.isSafeInteger(userId)) {
        options.onUserPush(asUserId(userId), parts[3], parts[4]);
      }
    } else if (kind === 'S') {
      const ended = parseEndedSessions(splitHeader(message, 2)?.[2] ?? '');
      if (ended) options.onSessionsEnded(ended);
    } else if (kind === 'I') {
      const topics = (splitHeader(message, 2)?.[2] ?? '').split(' ').filter((topic) => topic !== '');
      remotes.set(sender, { topics: new Set(topics), seenAtMs: nowMs() });
    } else if (kind === 'H') {
      announce();
    } else if (kind === 'B') {
      remotes.delete(sender);
    }
  };
  // Named after the channel, so operations (and the tests) can see which connections are the hub's.
  pubsub = await openPubSub({
    url: options.url,
    channel,
    connectionName: channel.replace(/[^\w:.-]/g, '_'),
    what: 'realtime Redis bridge',
    log,
    onMessage,
  });
  send(`H\n${nodeId}`);
  announce();
  const announcer = setInterval(announce, announceMs);
  announcer.unref();

  let announceQueued = false;
  let closed = false;
  return {
    publish(topic, text) {
      assertTopic(topic);
      send(`P\n${nodeId}\n${topic}\n${text}`);
    },
    publishToUser(userId, topic, text) {
      assertTopic(topic);
      send(`U\n${nodeId}\n${userId}\n${topic}\n${text}`);
    },
    endSessions(ended) {
      send(`S\n${nodeId}\n${JSON.stringify(ended)}`);
    },
    remoteListens(topic) {
      const oldestMs = nowMs() - announceMs * SERVER_LIMITS.socketBridgeRemoteExpiryPeriods;
      for (const [id, remote] of remotes) {
        if (remote.seenAtMs < oldestMs) remotes.delete(id);
        else if (remote.topics.has(topic)) return true;
      }
      return false;
    },
    topicsChanged() {
      // Ten thousand sockets subscribing in one burst make one announcement, not ten thousand.
      if (announceQueued) return;
      announceQueued = true;
      setImmediate(() => {
        announceQueued = false;
        if (!closed) announce();
      });
    },
    async close() {
      closed = true;
      clearInterval(announcer);
      await pubsub?.publishNow(`B\n${nodeId}`);
      await pubsub?.close();
    },
  };
}
