import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { SERVER_LIMITS } from '../limits';

/**
 * One Redis pub/sub channel as a node uses it: two connections (a subscribed one cannot publish),
 * joined within a time limit so a dead Redis fails the start clearly, publishing without an offline
 * queue (while Redis is away a publish fails at once instead of piling up in memory: live data is
 * worth nothing late), and errors logged at most every ten seconds, not once per tick.
 */
export type PubSub = {
  /** Sends a message; a failure is logged, never thrown. */
  publish(message: string): void;
  /** Sends a message and waits for Redis to take it (a goodbye before closing). */
  publishNow(message: string): Promise<void>;
  close(): Promise<void>;
};

/** The URL without its password, for messages. */
function redactedUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** Rejects when the promise has not settled in time. */
async function inTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function openPubSub(options: {
  url: string;
  channel: string;
  /** Redis's name for both connections, so operations (and tests) can tell whose they are. */
  connectionName: string;
  /** What the error log says failed ("realtime Redis bridge", ...). */
  what: string;
  log: FastifyBaseLogger;
  onMessage(message: string): void;
}): Promise<PubSub> {
  const { channel, connectionName, log } = options;
  const publisher = new Redis(options.url, { enableOfflineQueue: false, lazyConnect: true, connectionName });
  const subscriber = new Redis(options.url, { lazyConnect: true, connectionName });
  let lastErrorLogMs = 0;
  const logError = (error: unknown) => {
    if (Date.now() - lastErrorLogMs < SERVER_LIMITS.redisErrorLogIntervalMs) return;
    lastErrorLogMs = Date.now();
    log.error({ err: error }, `${options.what} error`);
  };
  publisher.on('error', logError);
  subscriber.on('error', logError);
  subscriber.on('message', (_channel: string, message: string) => options.onMessage(message));
  try {
    await inTime(
      Promise.all([publisher.connect(), subscriber.connect()]).then(() => subscriber.subscribe(channel)),
      SERVER_LIMITS.redisConnectTimeoutMs,
      `Redis at ${redactedUrl(options.url)}`,
    );
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }
  return {
    publish(message) {
      publisher.publish(channel, message).catch(logError);
    },
    async publishNow(message) {
      try {
        await publisher.publish(channel, message);
      } catch (error) {
        logError(error);
      }
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
