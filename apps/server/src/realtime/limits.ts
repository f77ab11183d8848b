import { LIMITS } from '@meridian/contract/limits';

/** The hub's limits; tests shrink the timers, production takes LIMITS as they are. */
export type SocketLimits = {
  idleMsMax: number;
  idleSweepMs: number;
  inboundMessageBytesMax: number;
  outboundBufferedBytesMax: number;
  subscriptionsMax: number;
  pendingMessagesMax: number;
  loginsPerMinuteMax: number;
  socketsPerUserMax: number;
  socketsPerNodeMax: number;
};

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  idleMsMax: LIMITS.socketIdleSecondsMax * 1000,
  idleSweepMs: LIMITS.socketIdleSweepSeconds * 1000,
  inboundMessageBytesMax: LIMITS.socketInboundMessageBytesMax,
  outboundBufferedBytesMax: LIMITS.socketOutboundBufferedBytesMax,
  subscriptionsMax: LIMITS.socketSubscriptionsMax,
  pendingMessagesMax: LIMITS.socketPendingMessagesMax,
  loginsPerMinuteMax: LIMITS.socketLoginsPerMinuteMax,
  socketsPerUserMax: LIMITS.socketsPerUserMax,
  socketsPerNodeMax: LIMITS.socketsPerNodeMax,
};
