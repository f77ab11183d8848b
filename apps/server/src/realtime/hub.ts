import type { Language } from '@meridian/contract/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { SocketClient } from './client';
import { type ConnectionDeps, handleFrame, type SessionCheck } from './connection';
import { Fanout } from './fanout';
import { preparePush } from './frame';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './limits';
import { pushText } from './protocol';
import type { RealtimePublisher } from './publisher';
import { openRedisBridge, type RedisBridge } from './redis-bridge';

/** What the hub holds now, for tests, the benchmark and operations. */
export type HubStats = {
  sockets: number;
  topics: number;
  /** Bytes waiting in the hub's sockets' send queues (ws's bufferedAmount, summed). */
  bufferedBytes: number;
  /** Clients cut off since start for falling behind. */
  dropped: number;
  /** Clients closed since start for sending nothing for too long. */
  idleClosed: number;
};

export type RealtimeHub = RealtimePublisher & {
  readonly limits: SocketLimits;
  /** Takes over a freshly upgraded socket. */
  accept(socket: WebSocket, options: { lang: Language; verify: SessionCheck }): void;
  stats(): HubStats;
  /** Closes every socket (politely, then by force after a short grace). */
  closeSockets(): Promise<void>;
  /** Stops timers and leaves Redis. */
  close(): Promise<void>;
};

export type RealtimeHubOptions = {
  log: FastifyBaseLogger;
  /** Set: pushes are shared with the other nodes through Redis. Unset: this node only. */
  redisUrl?: string | undefined;
  /** The Redis channel; tests give each cluster its own. */
  redisChannel?: string | undefined;
  limits?: Partial<SocketLimits>;
};

export const DEFAULT_REDIS_CHANNEL = 'meridian:realtime';
const CLOSE_GRACE_MS = 500;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_TRY_AGAIN_LATER = 1013;

/** Closes sockets that sent nothing for too long; the client pings every 5 s, so they are gone. */
function startIdleSweep(fanout: Fanout, limits: SocketLimits, onIdle: () => void): NodeJS.Timeout {
  const timer = setInterval(() => {
    const oldestMs = Date.now() - limits.idleMsMax;
    for (const client of fanout.clients) {
      if (client.lastSeenMs < oldestMs) {
        onIdle();
        client.socket.terminate();
      }
    }
  }, limits.idleSweepMs);
  timer.unref();
  return timer;
}

/** Sends each socket a close (going away) and waits for the answers, at most CLOSE_GRACE_MS. */
async function closeGracefully(clients: SocketClient[]): Promise<void> {
  if (clients.length === 0) return;
  const allClosed = Promise.all(
    clients.map((client) => new Promise<void>((resolve) => client.socket.once('close', () => resolve()))),
  );
  for (const client of clients) client.socket.close(CLOSE_GOING_AWAY, 'server closing');
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_GRACE_MS);
  });
  await Promise.race([allClosed, grace]);
  clearTimeout(timer);
}

/** The socket hub: topic and user indexes, fan-out, limits, idle sweep and the optional Redis bridge. */
export async function createRealtimeHub(options: RealtimeHubOptions): Promise<RealtimeHub> {
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const log = options.log;
  let bridge: RedisBridge | null = null;
  const fanout = new Fanout(() => bridge?.topicsChanged());
  let dropped = 0;
  let idleClosed = 0;
  let closing = false;

  if (options.redisUrl) {
    bridge = await openRedisBridge({
      url: options.redisUrl,
      channel: options.redisChannel ?? DEFAULT_REDIS_CHANNEL,
      log,
      localTopics: () => fanout.topics(),
      onPush: (topic, text) => {
        if (fanout.hasSubscribers(topic)) fanout.deliver(topic, preparePush(text));
      },
      onUserPush: (userId, topic, text) => {
        if (fanout.userListens(userId, topic)) fanout.deliverToUser(userId, topic, preparePush(text));
      },
    });
  }

  const sweep = startIdleSweep(fanout, limits, () => {
    idleClosed += 1;
  });

  const deps = (verify: SessionCheck): ConnectionDeps => ({ fanout, limits, verify, log, nowMs: Date.now });

  function accept(socket: WebSocket, { lang, verify }: { lang: Language; verify: SessionCheck }): void {
    if (closing || fanout.clients.size >= limits.socketsPerNodeMax) {
      socket.close(CLOSE_TRY_AGAIN_LATER, 'busy');
      return;
    }
    const client = new SocketClient(socket, lang, limits.outboundBufferedBytesMax, Date.now());
    const connection = deps(verify);
    fanout.add(client);
    socket.on('message', (data, isBinary) => {
      // The protocol is text; binary frames are ignored like any other unreadable message.
      if (isBinary || !Buffer.isBuffer(data)) return;
      handleFrame(connection, client, data.toString('utf8'));
    });
    socket.on('close', () => {
      if (client.dropped) dropped += 1;
      fanout.remove(client);
    });
  }

  return {
    limits,
    accept,
    publish(topic, data) {
      if (closing) return;
      const local = fanout.hasSubscribers(topic);
      if (!local && !bridge) return;
      const text = pushText(topic, data);
      if (local) fanout.deliver(topic, preparePush(text));
      bridge?.publish(topic, text);
    },
    publishToUser(userId, topic, data) {
      if (closing) return;
      const local = fanout.userListens(userId, topic);
      if (!local && !bridge) return;
      const text = pushText(topic, data);
      if (local) fanout.deliverToUser(userId, topic, preparePush(text));
      bridge?.publishToUser(userId, topic, text);
    },
    hasSubscribers(topic) {
      return fanout.hasSubscribers(topic) || (bridge?.remoteListens(topic) ?? false);
    },
    stats() {
      let bufferedBytes = 0;
      for (const client of fanout.clients) bufferedBytes += client.socket.bufferedAmount;
      return {
        sockets: fanout.clients.size,
        topics: [...fanout.topics()].length,
        bufferedBytes,
        dropped,
        idleClosed,
      };
    },
    async closeSockets() {
      closing = true;
      await closeGracefully([...fanout.clients]);
      // A client that does not answer the close (or stopped reading) is cut off.
      for (const client of fanout.clients) client.socket.terminate();
    },
    async close() {
      closing = true;
      clearInterval(sweep);
      await bridge?.close();
      bridge = null;
    },
  };
}
