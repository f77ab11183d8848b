import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { textFrame } from '../../apps/server/src/realtime/frame';
import { SUB_ACK, SUB_MESSAGE } from './protocol';
import { driveServer } from './server-driver';

/**
 * The baseline: a bare `ws` server that broadcasts each tick to every client, serialized once,
 * with no protocol, no indexes, no limits and no send-queue checks. It answers the same sub
 * message with the same acknowledgement and a bare ping with pong, so clients cannot tell the two
 * servers apart.
 */
const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
server.on('connection', (socket) => {
  socket.on('message', (data) => {
    const text = String(data);
    if (text === 'ping') socket.send('pong');
    else if (text === SUB_MESSAGE) socket.send(SUB_ACK);
  });
});

/**
 * With `raw`, the floor of what any Node server can do: the whole frame is built once and written
 * straight to each TCP socket, skipping ws's per-send framing. What remains is one write per socket.
 */
const raw = process.argv.includes('raw');
type WithTcp = { _socket: Socket };

driveServer({
  port: (server.address() as AddressInfo).port,
  broadcast(data) {
    const payload = Buffer.from(JSON.stringify({ type: 'push', topic: 'market.day', data }));
    if (raw) {
      const frame = textFrame(payload);
      for (const client of server.clients) {
        if (client.readyState === client.OPEN) (client as unknown as WithTcp)._socket.write(frame);
      }
      return;
    }
    for (const client of server.clients)
      if (client.readyState === client.OPEN) client.send(payload, { binary: false });
  },
  async close() {
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});
