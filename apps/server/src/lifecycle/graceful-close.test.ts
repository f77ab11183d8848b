import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import gracefulClose from './graceful-close';

describe('closing the app with requests in flight', () => {
  it('answers them (with Connection: close), then closes its kept-alive connections and runs the stop hooks', async () => {
    // The options app.ts gives Fastify.
    const app = Fastify({ forceCloseConnections: 'idle', return503OnClosing: false });
    await app.register(gracefulClose);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let answered = false;
    const stopHookSaw: boolean[] = [];
    app.addHook('onResponse', async () => {
      answered = true;
    });
    app.addHook('onClose', async () => {
      stopHookSaw.push(answered);
    });
    app.get('/slow', async () => {
      entered();
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // fetch keeps its connection alive: without the plugin, the close would wait for its timeout.
    const response = fetch(`http://127.0.0.1:${port}/slow`).then(async (answer) => {
      const result = {
        status: answer.status,
        connection: answer.headers.get('connection'),
        body: await answer.json(),
      };
      return result;
    });
    await inFlight;
    const closed = app.close();
    // The listener closes (once the preClose hooks ran), while the request is still held: a new
    // connection is refused, so a load balancer sends it elsewhere.
    while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
    release();
    expect(await response).toEqual({ status: 200, connection: 'close', body: { ok: true } });
    await closed;
    expect(stopHookSaw).toEqual([true]);
  });
});
