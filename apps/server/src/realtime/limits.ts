import { SERVER_LIMITS } from '../limits';

/** The hub's limits; tests shrink the timers, production takes LIMITS (and SOCKETS_PER_ADDRESS_MAX). */
export type SocketLimits = {
  idleMsMax: number;
  idleSweepMs: number;
  inboundMessageBytesMax: number;
  outboundBufferedBytesMax: number;
  subscriptionsMax: number;
  pendingMessagesMax: number;
  loginsPerMinuteMax: number;
  socketsPerUserMax: number;
  /** Sockets one client address may hold on this node (SOCKETS_PER_ADDRESS_MAX). */
  socketsPerAddressMax: number;
  socketsPerNodeMax: number;
};

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  idleMsMax: SERVER_LIMITS.socketIdleSecondsMax * 1000,
  idleSweepMs: SERVER_LIMITS.socketIdleSweepSeconds * 1000,
  inboundMessageBytesMax: SERVER_LIMITS.socketInboundMessageBytesMax,
  outboundBufferedBytesMax: SERVER_LIMITS.socketOutboundBufferedBytesMax,
  subscriptionsMax: SERVER_LIMITS.socketSubscriptionsMax,
  pendingMessagesMax: SERVER_LIMITS.socketPendingMessagesMax,
  loginsPerMinuteMax: SERVER_LIMITS.socketLoginsPerMinuteMax,
  socketsPerUserMax: SERVER_LIMITS.socketsPerUserMax,
  socketsPerAddressMax: SERVER_LIMITS.socketsPerAddressMax,
  socketsPerNodeMax: SERVER_LIMITS.socketsPerNodeMax,
};
