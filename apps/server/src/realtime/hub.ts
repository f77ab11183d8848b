import type { Language } from '@meridian/contract/languages';
import { SOCKET_CLOSE } from '@meridian/contract/socket-close';
import type { UserId } from '@meridian/domain/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { EndedSessions } from '../events';
import { SERVER_LIMITS } from '../limits';
import { SocketClient } from './client';
import { type ConnectionChecks, type ConnectionDeps, endLogin, handleFrame } from './connection';
import { Fanout } from './fanout';
import { preparePush } from './frame';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './limits';
import { pushText } from './protocol';
import type { RealtimePublisher, UncheckedPublisher } from './publisher';
import { openRedisBridge, type RedisBridge } from './redis-bridge';
import { endsSession, SessionEndings } from './session-endings';
import {
  endStaffLogin,
  handleStaffFrame,
  type StaffChecks,
  type StaffConnectionDeps,
} from './staff-connection';

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

/** Who a freshly upgraded socket belongs to, and what its messages are checked against. */
export type AcceptOptions = {
  lang: Language;
  address: string;
  /** A customer socket's checks (/v1/ws), or a staff socket's (/admin/ws). */
  checks: ConnectionChecks | StaffChecks;
};

/** The live staff sessions among these, with each one's current role. */
export type StaffSessionsCheck = (sessionIds: number[]) => Promise<Map<number, string>>;

export type RealtimeHub = RealtimePublisher & {
  /** publish and publishToUser without the topic map's check: for transport tests and benchmarks only. */
  readonly unchecked: UncheckedPublisher;
  readonly limits: SocketLimits;
  /** Whether a new socket from this address is within the per-address limit (asked at upgrade). */
  admits(address: string): boolean;
  /** Takes over a freshly upgraded socket. */
  accept(socket: WebSocket, options: AcceptOptions): void;
  /**
   * Sessions ended (logout, password change or reset): the sockets logged in with them, on this
   * node and on every other, lose the user's topics and are told their login is gone (999).
   */
  endSessions(ended: EndedSessions): void;
  /**
   * Checks the staff sockets' sessions again: a socket whose session ended (logout, idle timeout,
   * disabled account) loses its login and its topics, and is told (999); a changed role keeps only
   * the topics it still allows.
   */
  recheckStaff(check: StaffSessionsCheck, allows: (role: string, topic: string) => boolean): Promise<void>;
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
const CLOSE_TRY_AGAIN_LATER = 1013;
/** RFC 6455: the message (here, the connection itself) breaks the server's policy. */
const CLOSE_POLICY_VIOLATION = 1008;

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

/**
 * Sends each socket a close and waits for the answers, at most SERVER_LIMITS.socketCloseGraceMs. The
 * code is "service restart", as the hub closes only when its node stops: the client reconnects at
 * once, and the load balancer sends it to another node.
 */
async function closeGracefully(clients: SocketClient[]): Promise<void> {
  if (clients.length === 0) return;
  const allClosed = Promise.all(
    clients.map((client) => new Promise<void>((resolve) => client.socket.once('close', () => resolve()))),
  );
  for (const client of clients) client.socket.close(SOCKET_CLOSE.serviceRestart, 'service restart');
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SERVER_LIMITS.socketCloseGraceMs);
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
  const endings = new SessionEndings();
  let dropped = 0;
  let idleClosed = 0;
  let closing = false;

  /** Drops the ended sessions' sockets of this node out of the user's topics. */
  function endLocalSessions(ended: EndedSessions): void {
    endings.record(ended);
    for (const client of fanout.clientsOfUser(ended.userId)) {
      if (client.sessionId !== null && endsSession(ended, ended.userId, client.sessionId)) {
        endLogin({ fanout }, client);
      }
    }
  }

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
      onSessionsEnded: endLocalSessions,
    });
  }

  const sweep = startIdleSweep(fanout, limits, () => {
    idleClosed += 1;
  });

  const deps = (checks: ConnectionChecks): ConnectionDeps => ({
    ...checks,
    fanout,
    limits,
    endings,
    log,
    nowMs: Date.now,
  });

  const admits = (address: string) => fanout.socketsOfAddress(address) < limits.socketsPerAddressMax;

  const staffDeps = (checks: StaffChecks): StaffConnectionDeps => ({
    ...checks,
    fanout,
    limits,
    log,
    nowMs: Date.now,
  });

  function accept(socket: WebSocket, { lang, address, checks }: AcceptOptions): void {
    // A socket that opens while the node stops is told to go elsewhere at once, like the others.
    if (closing) {
      socket.close(SOCKET_CLOSE.serviceRestart, 'service restart');
      return;
    }
    if (fanout.clients.size >= limits.socketsPerNodeMax) {
      socket.close(CLOSE_TRY_AGAIN_LATER, 'busy');
      return;
    }
    // Upgrades racing past the check at upgrade time are counted exactly here.
    if (!admits(address)) {
      socket.close(CLOSE_POLICY_VIOLATION, 'too many sockets from this address');
      return;
    }
    const client = new SocketClient(socket, { lang, address }, limits.outboundBufferedBytesMax, Date.now());
    let onText: (text: string) => void;
    if ('kind' in checks) {
      const connection = staffDeps(checks);
      onText = (text) => handleStaffFrame(connection, client, text);
    } else {
      const connection = deps(checks);
      onText = (text) => handleFrame(connection, client, text);
    }
    fanout.add(client);
    socket.on('message', (data, isBinary) => {
      // The protocol is text; binary frames are ignored like any other unreadable message.
      if (isBinary || !Buffer.isBuffer(data)) return;
      onText(data.toString('utf8'));
    });
    socket.on('close', () => {
      if (client.dropped) dropped += 1;
      fanout.remove(client);
    });
  }

  // One implementation behind both views: the typed one (RealtimePublisher) and the unchecked one.
  const unchecked: UncheckedPublisher = {
    publish(topic: string, data: unknown) {
      if (closing) return;
      const local = fanout.hasSubscribers(topic);
      if (!local && !bridge) return;
      const text = pushText(topic, data);
      if (local) fanout.deliver(topic, preparePush(text));
      bridge?.publish(topic, text);
    },
    publishToUser(userId: UserId, topic: string, data: unknown) {
      if (closing) return;
      const local = fanout.userListens(userId, topic);
      if (!local && !bridge) return;
      const text = pushText(topic, data);
      if (local) fanout.deliverToUser(userId, topic, preparePush(text));
      bridge?.publishToUser(userId, topic, text);
    },
  };

  return {
    limits,
    admits,
    accept,
    endSessions(ended) {
      if (closing) return;
      endLocalSessions(ended);
      bridge?.endSessions(ended);
    },
    publish: unchecked.publish,
    publishToUser: unchecked.publishToUser,
    unchecked,
    hasSubscribers(topic) {
      return fanout.hasSubscribers(topic) || (bridge?.remoteListens(topic) ?? false);
    },
    async recheckStaff(check, allows) {
      const staffClients = [...fanout.clients].filter((client) => client.staff !== null);
      if (staffClients.length === 0) return;
      const ids = [
        ...new Set(staffClients.map((client) => (client.staff as { sessionId: number }).sessionId)),
      ];
      const live = await check(ids);
      for (const client of staffClients) {
        const staff = client.staff;
        // Logged out or in again on this socket while the check ran: that login is checked next time.
        if (staff === null || !ids.includes(staff.sessionId)) continue;
        const role = live.get(staff.sessionId);
        if (role === undefined) {
          endStaffLogin({ fanout }, client, true);
          continue;
        }
        client.staff = { ...staff, role };
        for (const topic of [...client.topics]) if (!allows(role, topic)) fanout.unsubscribe(client, topic);
      }
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
