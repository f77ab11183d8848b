import type { SessionData } from '@meridian/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { socketUrl, TestSocket } from '../../test/socket';
import { until } from '../../test/wait';
import { translate } from '../http/i18n';

// Small limits, so the time-outs and counts can be seen within a test.
// Wide enough that a busy machine's event-loop delays never make the pinging socket look idle.
const IDLE_MS = 1_000;
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({
    realtime: { limits: { idleMsMax: IDLE_MS, idleSweepMs: 50, socketsPerNodeMax: 3, socketsPerUserMax: 1 } },
  });
  url = await socketUrl(t);
});

afterAll(async () => {
  await t.close();
});

async function closeAll(sockets: TestSocket[]): Promise<void> {
  for (const socket of sockets) socket.close();
  await Promise.all(sockets.map((socket) => socket.closed));
  await until(() => t.app.realtime.stats().sockets === 0, 'the server to forget closed sockets');
}

describe('socket /v1/ws: limits', () => {
  it('closes a socket that sends nothing for too long, and keeps one that pings', async () => {
    const opened = Date.now();
    const silent = await TestSocket.open(url);
    const pinging = await TestSocket.open(url);
    const pinger = setInterval(() => pinging.send('ping'), IDLE_MS / 10);
    try {
      await silent.closed;
      // The server's clock started when the socket was accepted, after `opened`.
      expect(Date.now() - opened).toBeGreaterThanOrEqual(IDLE_MS);
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 2));
      expect(pinging.socket.readyState).toBe(pinging.socket.OPEN);
      expect(t.app.realtime.stats().idleClosed).toBe(1);
    } finally {
      clearInterval(pinger);
    }
    await closeAll([pinging]);
  });

  it('turns away a connection beyond the per-node limit with 1013 (try again later)', async () => {
    const sockets = [await TestSocket.open(url), await TestSocket.open(url), await TestSocket.open(url)];
    const extra = await TestSocket.open(url);
    expect((await extra.closed).code).toBe(1013);
    await closeAll(sockets);
  });

  it('refuses a login beyond the sockets allowed per user', async () => {
    const demo = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: `limits-device-${Date.now()}`,
    });
    const [first, second] = [await TestSocket.open(url), await TestSocket.open(url)];
    expect((await first.request({ type: 'login', params: { token: demo.data.token } })).code).toBe(1);
    expect(await second.request({ type: 'login', params: { token: demo.data.token } })).toEqual({
      type: 'login',
      code: 0,
      msg: translate('en', 'error.sockets_per_user_max', { max: 1 }),
    });
    // Logging in again on the socket that holds the session is no new socket.
    expect((await first.request({ type: 'login', params: { token: demo.data.token } })).code).toBe(1);
    await closeAll([first, second]);
  });
});

describe('socket /v1/ws: shutdown', () => {
  it('closes every socket with 1012 (service restart: reconnect to another node) when the app closes', async () => {
    const own = await createTestApp();
    const socket = await TestSocket.open(await socketUrl(own));
    await socket.request({ type: 'sub', params: { topic: 'market.day' } });
    const started = Date.now();
    await own.close();
    expect((await socket.closed).code).toBe(1012);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
