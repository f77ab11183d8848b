import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../test/app';
import { socketUrl, TestSocket } from '../../test/socket';
import { until } from '../../test/wait';
import { translate } from '../http/i18n';

// Finding 7: one client address may hold at most SOCKETS_PER_ADDRESS_MAX sockets (here 2).
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SOCKETS_PER_ADDRESS_MAX: '2' } });
  url = await socketUrl(t);
});
afterAll(async () => {
  await t.close();
});

async function closeAll(sockets: TestSocket[]): Promise<void> {
  const before = t.app.realtime.stats().sockets;
  for (const socket of sockets) socket.close();
  await Promise.all(sockets.map((socket) => socket.closed));
  await until(
    () => t.app.realtime.stats().sockets === before - sockets.length,
    'the hub to count the closes',
  );
}

describe('sockets per client address', () => {
  it('refuses the upgrade beyond the limit with HTTP 429, and counts a closed socket out', async () => {
    const held = [await TestSocket.open(url), await TestSocket.open(url)];
    await expect(TestSocket.open(url)).rejects.toThrow('Unexpected server response: 429');
    // The refusal is an envelope in the request's language, sent before any socket exists.
    const refused = await t.app.inject({ method: 'GET', url: '/v1/ws', headers: { lang: 'en' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 0,
      msg: translate('en', 'error.sockets_per_address_max', { max: 2 }),
      data: null,
    });

    await closeAll(held.slice(0, 1));
    const again = await TestSocket.open(url);
    again.send({ type: 'ping' });
    expect(await again.next()).toEqual({ type: 'pong' });
    await closeAll([again, ...held.slice(1)]);
  });

  it('counts each address on its own (the address a trusted proxy gives)', async () => {
    const [first, second] = [await TestSocket.open(url), await TestSocket.open(url)];
    const behindProxy = await TestSocket.open(url, { 'x-forwarded-for': '203.0.113.9' });
    behindProxy.send({ type: 'ping' });
    expect(await behindProxy.next()).toEqual({ type: 'pong' });
    await expect(TestSocket.open(url)).rejects.toThrow('429');
    await closeAll([first, second, behindProxy]);
  });

  it('closes with 1008 (policy) a socket that got past the upgrade check in a race', async () => {
    const held = [await TestSocket.open(url), await TestSocket.open(url)];
    const closes: number[] = [];
    const racer = { close: (code: number) => closes.push(code), on() {} } as unknown as WebSocket;
    t.app.realtime.accept(racer, {
      lang: 'en',
      address: '127.0.0.1',
      checks: { verify: async () => null, instrumentExists: () => true },
    });
    expect(closes).toEqual([1008]);
    expect(t.app.realtime.stats().sockets).toBe(2);
    await closeAll(held);
  });
});
