import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SERVER_LIMITS } from '../../../limits';
import { openPubSub } from '../../../realtime/redis-pubsub';
import type { PriceTick } from './feed';

/**
 * Carries the leading node's ticks to the other nodes (docs/decisions.md, "One feed per
 * installation"): only the node that holds the trading engine's lock runs the feed; the others
 * build their quotes and candles from the ticks it sends, so every node fills orders at the prices
 * the engine watches.
 */
export type TickRelay = {
  /** Sends the ticks this node drained from its feed (it leads). */
  send(ticks: readonly PriceTick[]): void;
  /** The ticks other nodes sent since the last call, in the order they came. */
  take(): PriceTick[];
  close(): Promise<void>;
};

/** A tick on the wire; a real feed's carries its bid and ask too, and the feed's time when it gave one. */
type WireTick =
  | [instrumentId: number, timeMs: number, price: string, volume: string]
  | [instrumentId: number, timeMs: number, price: string, volume: string, bid: string, ask: string]
  | [
      instrumentId: number,
      timeMs: number,
      price: string,
      volume: string,
      bid: string,
      ask: string,
      feedMs: number,
    ];

function isWireTick(value: unknown): value is WireTick {
  return (
    Array.isArray(value) &&
    (value.length === 4 ||
      ((value.length === 6 || value.length === 7) &&
        typeof value[4] === 'string' &&
        typeof value[5] === 'string' &&
        (value.length === 6 || Number.isFinite(value[6])))) &&
    Number.isSafeInteger(value[0]) &&
    Number.isFinite(value[1]) &&
    typeof value[2] === 'string' &&
    typeof value[3] === 'string'
  );
}

function toWire(tick: PriceTick): WireTick {
  if (tick.bid === undefined || tick.ask === undefined)
    return [tick.instrumentId, tick.timeMs, tick.price, tick.volume];
  return tick.feedMs === undefined || tick.feedMs === null
    ? [tick.instrumentId, tick.timeMs, tick.price, tick.volume, tick.bid, tick.ask]
    : [tick.instrumentId, tick.timeMs, tick.price, tick.volume, tick.bid, tick.ask, tick.feedMs];
}

function fromWire(wire: WireTick): PriceTick {
  const tick: PriceTick = { instrumentId: wire[0], timeMs: wire[1], price: wire[2], volume: wire[3] };
  if (wire.length === 6 || wire.length === 7) {
    tick.bid = wire[4];
    tick.ask = wire[5];
  }
  if (wire.length === 7) tick.feedMs = wire[6];
  return tick;
}

/** A relay over one Redis pub/sub channel (two connections: a subscribed one cannot publish). */
export async function openRedisTickRelay(options: {
  url: string;
  channel: string;
  log: FastifyBaseLogger;
}): Promise<TickRelay> {
  const nodeId = randomBytes(6).toString('hex');
  const received: PriceTick[] = [];
  const pubsub = await openPubSub({
    url: options.url,
    channel: options.channel,
    // Colons become underscores: the hub's own connections are named after the channel itself.
    connectionName: options.channel.replace(/[^\w.-]/g, '_'),
    what: 'market tick relay',
    log: options.log,
    onMessage(message) {
      const newline = message.indexOf('\n');
      if (newline < 0 || message.slice(0, newline) === nodeId) return;
      let wire: unknown;
      try {
        wire = JSON.parse(message.slice(newline + 1));
      } catch {
        return;
      }
      if (!Array.isArray(wire)) return;
      for (const tick of wire) {
        if (!isWireTick(tick)) continue;
        received.push(fromWire(tick));
      }
      if (received.length > SERVER_LIMITS.relayReceivedTicksMax)
        received.splice(0, received.length - SERVER_LIMITS.relayReceivedTicksMax);
    },
  });
  return {
    send(ticks) {
      if (ticks.length === 0) return;
      const wire: WireTick[] = ticks.map(toWire);
      // Ticks are worth nothing late: a failed publish is logged by the pub/sub and not retried.
      pubsub.publish(`${nodeId}\n${JSON.stringify(wire)}`);
    },
    take() {
      return received.splice(0);
    },
    close: () => pubsub.close(),
  };
}
