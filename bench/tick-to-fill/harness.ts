import type { SessionData } from '@meridian/contract/auth';
import { toDecimal } from '@meridian/domain/money';
import { quoteFromMid } from '@meridian/domain/quote';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { WebSocket } from 'ws';
import { SocketClient } from '../../apps/server/src/realtime/client';
import type { PreparedPush } from '../../apps/server/src/realtime/frame';

// The tick-to-fill benchmark's instruments: the hand-fed feed, the hooks that count the server's
// statements and pushes, and the customers with their sockets.

/** The pushes written to customers' sockets: `forex.closed` frames counted, the last one's time kept. */
export const pushes = { closed: 0, lastMs: Number.NaN };
export function hookPushWrites(): void {
  const originalSend = SocketClient.prototype.sendPush;
  const originalUncork = SocketClient.prototype.uncorkPushes;
  const marker = Buffer.from('"topic":"forex.closed"');
  /** Clients holding a `forex.closed` frame not yet handed to their TCP socket. */
  const holding = new Set<SocketClient>();
  SocketClient.prototype.sendPush = function (this: SocketClient, push: PreparedPush): boolean {
    const sent = originalSend.call(this, push);
    if (sent && push.payload.includes(marker)) {
      pushes.closed += 1;
      holding.add(this);
    }
    return sent;
  };
  // A client holds the pushes of one turn of the event loop and writes them at once: the clock
  // stops when the frames are handed to the socket, not when they were queued.
  SocketClient.prototype.uncorkPushes = function (this: SocketClient): void {
    originalUncork.call(this);
    if (holding.delete(this)) pushes.lastMs = performance.now();
  };
}

/** Until every client has written what it held (its write runs once the current turn's work is done). */
export function pushesWritten(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Statements the server's pg clients run while `on` (the engine's, during a timed tick). */
export const statements = { on: false, count: 0, begins: 0 };
export function hookStatements(): void {
  type Queryable = { query: (...args: unknown[]) => unknown };
  const prototype = pg.Client.prototype as unknown as Queryable;
  const original = prototype.query;
  prototype.query = function (this: object, ...args: unknown[]) {
    if (statements.on) {
      statements.count += 1;
      const first = args[0];
      const text = typeof first === 'string' ? first : String((first as { text?: unknown })?.text ?? '');
      if (/^\s*begin/i.test(text)) statements.begins += 1;
      if (process.env.TICK_TRACE)
        console.log(`  [${performance.now().toFixed(1)}] ${text.replace(/\s+/g, ' ').slice(0, 110)}`);
    }
    return original.apply(this, args);
  };
}

type Envelope<T> = { code: number; msg: string; data: T };

/** The customers: demo users through the demo login (each answer carries a session token). */
export async function makeCustomers(
  app: FastifyInstance,
  client: pg.ClientBase,
  howMany: number,
  prefix: string,
) {
  const customers: { token: string; userId: number; accountId: number }[] = [];
  for (let index = 0; index < howMany; index += 1) {
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/createAccountDemoForU',
      query: { demo_id: `tick-${prefix}-${index}` },
      headers: { lang: 'en' },
      remoteAddress: `10.1.${Math.floor(index / 200)}.${(index % 200) + 1}`,
    });
    const answer = response.json() as Envelope<SessionData>;
    if (answer.code !== 1) throw new Error(`demo login refused: ${answer.msg}`);
    const accountId = Number(
      (await client.query('select id from trading_accounts where user_id = $1', [answer.data.user.id]))
        .rows[0]?.id,
    );
    customers.push({ token: answer.data.token, userId: answer.data.user.id, accountId });
  }
  return customers;
}

/** A socket per customer, logged in and subscribed to `forex.closed`; counts the pushes received. */
export async function openSockets(url: string, tokens: readonly string[]) {
  const received = { closed: 0 };
  const sockets = await Promise.all(
    tokens.map(
      (token) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url);
          let answers = 0;
          socket.on('message', (data) => {
            const text = String(data);
            if (text.includes('"topic":"forex.closed"') && text.includes('"type":"push"'))
              received.closed += 1;
            else if (text.includes('"code":1')) {
              answers += 1;
              if (answers === 2) resolve(socket);
            } else if (text.startsWith('{')) reject(new Error(`socket refused: ${text}`));
          });
          socket.once('open', () => {
            // The client pings as the app does (every 5 s), or the hub closes it as idle.
            const ping = setInterval(() => socket.send('ping'), 5000);
            socket.once('close', () => clearInterval(ping));
            socket.send(JSON.stringify({ type: 'login', params: { token } }));
            socket.send(JSON.stringify({ type: 'sub', params: { topic: 'forex.closed' } }));
          });
          socket.once('error', reject);
        }),
    ),
  );
  return { sockets, received };
}

/** A mid whose bid is at or below `level` and above `floor` (BTCUSDT's spread and precision). */
export function midCrossing(level: number, below: number, spread: string, precision: number): string {
  for (let mid = level + 200; mid > below; mid -= 0.25) {
    const text = mid.toFixed(precision);
    const { bid } = quoteFromMid(text, spread, precision);
    if (toDecimal(bid).lte(level)) {
      if (!toDecimal(bid).gt(below)) break;
      return text;
    }
  }
  throw new Error(`no mid puts the bid in (${below}, ${level}]`);
}
