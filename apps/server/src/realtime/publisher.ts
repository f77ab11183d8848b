import type {
  BroadcastPushPayloads,
  BroadcastTopic,
  UserPushPayloads,
  UserTopic,
} from '@meridian/contract/push-payloads';
import type { UserId } from '@meridian/domain/ids';

/**
 * How the business modules hand messages to the realtime hub without knowing about sockets.
 * The hub serializes each message once per topic, not once per client. A topic and its payload go
 * together as the contract's push-payloads.ts maps them: a push of the wrong shape, on
 * an unknown topic, or a user topic sent to everyone does not compile.
 */
export type RealtimePublisher = {
  /** Every socket subscribed to the topic receives `{type: 'push', topic, data}`. */
  publish<T extends BroadcastTopic>(topic: T, data: BroadcastPushPayloads[T]): void;
  /** Only the sockets logged in as this user and subscribed to the topic receive it. */
  publishToUser<T extends UserTopic>(userId: UserId, topic: T, data: UserPushPayloads[T]): void;
  /** Whether any socket (on any node) listens, so producers can skip work nobody reads. */
  hasSubscribers(topic: string): boolean;
};

/**
 * The same fan-out for any topic and any data, unchecked. Only the hub's transport tests and the
 * fan-out benchmark use it: their frames (padding, sequence numbers, lengths) belong to no topic's
 * contract. Business code never sees it: its context holds a RealtimePublisher.
 */
export type UncheckedPublisher = {
  publish(topic: string, data: unknown): void;
  publishToUser(userId: UserId, topic: string, data: unknown): void;
};
