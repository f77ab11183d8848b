/**
 * How the business modules hand messages to the realtime hub without knowing about sockets.
 * The hub serializes each message once per topic, not once per client.
 */
export type RealtimePublisher = {
  /** Every socket subscribed to the topic receives `{type: 'push', topic, data}`. */
  publish(topic: string, data: unknown): void;
  /** Only the sockets logged in as this user and subscribed to the topic receive it. */
  publishToUser(userId: number, topic: string, data: unknown): void;
  /** Whether any socket (on any node) listens, so producers can skip work nobody reads. */
  hasSubscribers(topic: string): boolean;
};
