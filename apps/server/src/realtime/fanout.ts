import type { UserId } from '@meridian/domain/ids';
import type { SocketClient } from './client';
import type { PreparedPush } from './frame';

/**
 * The hub's indexes: topic -> subscribed sockets, user -> logged-in sockets, and how many sockets
 * each client address holds. A publish touches only the sockets of its topic (or its user), never
 * every connection.
 */
export class Fanout {
  readonly clients = new Set<SocketClient>();
  private readonly byTopic = new Map<string, Set<SocketClient>>();
  private readonly byUser = new Map<UserId, Set<SocketClient>>();
  private readonly countByAddress = new Map<string, number>();
  /** Called when a topic gains its first local subscriber or loses its last one. */
  private readonly onTopicsChanged: () => void;

  constructor(onTopicsChanged: () => void) {
    this.onTopicsChanged = onTopicsChanged;
  }

  add(client: SocketClient): void {
    if (this.clients.has(client)) return;
    this.clients.add(client);
    this.countByAddress.set(client.address, this.socketsOfAddress(client.address) + 1);
  }

  remove(client: SocketClient): void {
    if (!this.clients.delete(client)) return;
    const left = this.socketsOfAddress(client.address) - 1;
    if (left > 0) this.countByAddress.set(client.address, left);
    else this.countByAddress.delete(client.address);
    for (const topic of client.topics) this.unindexTopic(client, topic);
    client.topics.clear();
    this.setUser(client, null);
  }

  subscribe(client: SocketClient, topic: string): void {
    if (client.topics.has(topic)) return;
    client.topics.add(topic);
    let subscribers = this.byTopic.get(topic);
    if (!subscribers) {
      subscribers = new Set();
      this.byTopic.set(topic, subscribers);
      this.onTopicsChanged();
    }
    subscribers.add(client);
  }

  unsubscribe(client: SocketClient, topic: string): void {
    if (!client.topics.delete(topic)) return;
    this.unindexTopic(client, topic);
  }

  setUser(client: SocketClient, userId: UserId | null): void {
    if (client.userId === userId) return;
    if (client.userId !== null) {
      const sockets = this.byUser.get(client.userId);
      sockets?.delete(client);
      if (sockets?.size === 0) this.byUser.delete(client.userId);
    }
    client.userId = userId;
    if (userId === null) return;
    let sockets = this.byUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(userId, sockets);
    }
    sockets.add(client);
  }

  socketsOfUser(userId: UserId): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** The user's logged-in sockets on this node (a copy: the caller may log them out meanwhile). */
  clientsOfUser(userId: UserId): SocketClient[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  socketsOfAddress(address: string): number {
    return this.countByAddress.get(address) ?? 0;
  }

  hasSubscribers(topic: string): boolean {
    return this.byTopic.has(topic);
  }

  /** Topics with at least one local subscriber. */
  topics(): IterableIterator<string> {
    return this.byTopic.keys();
  }

  /** Sends one prepared push to every subscriber of the topic; answers how many it reached. */
  deliver(topic: string, push: PreparedPush): number {
    const subscribers = this.byTopic.get(topic);
    if (!subscribers) return 0;
    let sent = 0;
    for (const client of subscribers) if (client.sendPush(push)) sent += 1;
    return sent;
  }

  /** Sends a prepared push to the user's sockets that subscribed to the topic. */
  deliverToUser(userId: UserId, topic: string, push: PreparedPush): number {
    const sockets = this.byUser.get(userId);
    if (!sockets) return 0;
    let sent = 0;
    for (const client of sockets) if (client.topics.has(topic) && client.sendPush(push)) sent += 1;
    return sent;
  }

  /** Whether any of the user's local sockets listens on the topic, so a push is worth making. */
  userListens(userId: UserId, topic: string): boolean {
    const sockets = this.byUser.get(userId);
    if (!sockets) return false;
    for (const client of sockets) if (client.topics.has(topic)) return true;
    return false;
  }

  private unindexTopic(client: SocketClient, topic: string): void {
    const subscribers = this.byTopic.get(topic);
    if (!subscribers) return;
    subscribers.delete(client);
    if (subscribers.size === 0) {
      this.byTopic.delete(topic);
      this.onTopicsChanged();
    }
  }
}
