import type { SessionData } from '@meridian/contract/auth';
import { asUserId } from '@meridian/domain/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { sampleCandle, sampleClosed, sampleQuotes, sampleTrade } from '../../test/pushes';
import { isPush, socketUrl, TestSocket } from '../../test/socket';
import { translate } from '../http/i18n';
import { SERVER_LIMITS } from '../limits';
import { pushText } from './protocol';

let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];

async function open(query?: string): Promise<TestSocket> {
  const socket = await TestSocket.open(query === undefined ? url : await socketUrl(t, query));
  sockets.push(socket);
  return socket;
}

let demoCounter = 0;
async function demoUser(): Promise<SessionData> {
  demoCounter += 1;
  const answer = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
    demo_id: `socket-test-device-${demoCounter}-${Date.now()}`,
  });
  if (answer.code !== 1) throw new Error(`demo login failed: ${answer.msg}`);
  return answer.data;
}

beforeAll(async () => {
  // Every socket here comes from 127.0.0.1 and stays open to the end: more than one address may
  // hold by default (address-limit.test.ts tests that limit).
  t = await createTestApp({ env: { SOCKETS_PER_ADDRESS_MAX: '100' } });
  url = await socketUrl(t);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

describe('socket /v1/ws: ping', () => {
  it('answers a JSON ping with a JSON pong and a bare ping with a bare pong', async () => {
    const socket = await open();
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.send('ping');
    expect(await socket.next()).toBe('pong');
  });
});

describe('socket /v1/ws: public topics', () => {
  it('delivers market.day quotes after sub and stops after unsub', async () => {
    const socket = await open();
    expect(t.app.realtime.hasSubscribers('market.day')).toBe(false);
    expect(await socket.request({ type: 'sub', params: { topic: 'market.day' } })).toEqual({
      type: 'sub',
      code: 1,
      topic: 'market.day',
    });
    expect(t.app.realtime.hasSubscribers('market.day')).toBe(true);

    const quotes = sampleQuotes();
    t.app.realtime.publish('market.day', quotes);
    expect(await socket.next(isPush('market.day'))).toEqual({
      type: 'push',
      topic: 'market.day',
      data: quotes,
    });

    expect(await socket.request({ type: 'unsub', params: { topic: 'market.day' } })).toEqual({
      type: 'unsub',
      code: 1,
      topic: 'market.day',
    });
    expect(t.app.realtime.hasSubscribers('market.day')).toBe(false);
    t.app.realtime.publish('market.day', quotes);
    expect(await socket.drain()).toEqual([]);
  });

  it('delivers the current candle on a kline topic, and only to that instrument and period', async () => {
    const socket = await open();
    await socket.request({ type: 'sub', params: { topic: 'kline.7.1M' } });
    const candle = sampleCandle();
    t.app.realtime.publish('kline.7.5M', { ...candle, Close: '9' });
    t.app.realtime.publish('kline.8.1M', { ...candle, Close: '9' });
    t.app.realtime.publish('kline.7.1M', candle);
    expect(await socket.drain()).toEqual([{ type: 'push', topic: 'kline.7.1M', data: candle }]);
  });

  it('sends every subscriber the same bytes, serialized once', async () => {
    const [first, second] = [await open(), await open()];
    await first.request({ type: 'sub', params: { topic: 'kline.3.1H' } });
    await second.request({ type: 'sub', params: { topic: 'kline.3.1H' } });
    const data = sampleCandle('2');
    const calls: unknown[] = [];
    const stringify = JSON.stringify;
    JSON.stringify = ((value: unknown, ...rest: []) => {
      if ((value as { type?: string } | null)?.type === 'push') calls.push(value);
      return stringify(value, ...rest);
    }) as typeof JSON.stringify;
    try {
      t.app.realtime.publish('kline.3.1H', data);
    } finally {
      JSON.stringify = stringify;
    }
    expect(calls).toHaveLength(1);
    expect(await first.next(isPush('kline.3.1H'))).toEqual({ type: 'push', topic: 'kline.3.1H', data });
    expect(await second.next(isPush('kline.3.1H'))).toEqual({ type: 'push', topic: 'kline.3.1H', data });
  });

  it('frames pushes of every length class intact (7-bit, 16-bit and 64-bit lengths)', async () => {
    const socket = await open();
    await socket.request({ type: 'sub', params: { topic: 'kline.5.30M' } });
    const overhead = pushText('kline.5.30M', '').length;
    for (const total of [overhead, 125, 126, 127, 65_535, 65_536, 200_000]) {
      const data = 'q'.repeat(total - overhead);
      // Bare strings, to size the frames exactly: the unchecked publisher, as no topic carries text.
      t.app.realtime.unchecked.publish('kline.5.30M', data);
      expect(await socket.next(isPush('kline.5.30M'))).toEqual({ type: 'push', topic: 'kline.5.30M', data });
    }
    // Multi-byte characters: the frame length counts bytes, not characters.
    t.app.realtime.unchecked.publish('kline.5.30M', '價格é'.repeat(30_000));
    expect(await socket.next(isPush('kline.5.30M'))).toMatchObject({ data: '價格é'.repeat(30_000) });
  });

  it('refuses unknown topics, in the language of the socket URL (default hk)', async () => {
    const english = await open();
    for (const topic of ['market.week', 'kline.1.2M', 'kline.x.1M', '']) {
      expect(await english.request({ type: 'sub', params: { topic } })).toEqual({
        type: 'sub',
        code: 0,
        topic,
        msg: translate('en', 'error.topic_unknown'),
      });
    }
    const chinese = await open('');
    const reply = await chinese.request({ type: 'sub', params: { topic: 'nope' } });
    expect(reply.msg).toBe(translate('hk', 'error.topic_unknown'));
    expect(reply.msg).not.toBe(translate('en', 'error.topic_unknown'));
  });

  it('refuses a chart of an instrument that does not exist, and subscribes nothing', async () => {
    const socket = await open();
    for (const topic of ['kline.999999.1M', 'kline.0.1D'] as const) {
      expect(await socket.request({ type: 'sub', params: { topic } })).toEqual({
        type: 'sub',
        code: 0,
        topic,
        msg: translate('en', 'error.instrument_unknown'),
      });
      expect(t.app.realtime.hasSubscribers(topic)).toBe(false);
      t.app.realtime.publish(topic, sampleCandle('1'));
    }
    expect(await socket.drain()).toEqual([]);
    // A listed instrument still charts.
    expect(t.app.market.has(1)).toBe(true);
    expect(await socket.request({ type: 'sub', params: { topic: 'kline.1.1M' } })).toEqual({
      type: 'sub',
      code: 1,
      topic: 'kline.1.1M',
    });
    socket.close();
  });

  it(`refuses more than ${SERVER_LIMITS.socketSubscriptionsMax} subscriptions on one socket`, async () => {
    const socket = await open();
    for (let id = 1; id <= SERVER_LIMITS.socketSubscriptionsMax; id += 1) {
      expect((await socket.request({ type: 'sub', params: { topic: `kline.${id}.1D` } })).code).toBe(1);
    }
    // Subscribing again to a topic it has is still fine; a new one is not.
    expect((await socket.request({ type: 'sub', params: { topic: 'kline.1.1D' } })).code).toBe(1);
    expect(await socket.request({ type: 'sub', params: { topic: 'market.day' } })).toEqual({
      type: 'sub',
      code: 0,
      topic: 'market.day',
      msg: translate('en', 'error.subscriptions_max', { max: SERVER_LIMITS.socketSubscriptionsMax }),
    });
  });
});

describe('socket /v1/ws: login and user topics', () => {
  it('refuses a bad token with 999 and keeps the socket open as a visitor', async () => {
    const socket = await open();
    expect(await socket.request({ type: 'login', params: { token: 'not-a-real-token' } })).toEqual({
      type: 'login',
      code: 999,
      msg: translate('en', 'error.session_invalid'),
    });
    expect((await socket.request({ type: 'sub', params: { topic: 'forex.trade' } })).code).toBe(0);
    expect((await socket.request({ type: 'sub', params: { topic: 'market.day' } })).code).toBe(1);
  });

  it('refuses the user topics to a visitor', async () => {
    const socket = await open();
    for (const topic of ['forex.trade', 'forex.closed']) {
      expect(await socket.request({ type: 'sub', params: { topic } })).toEqual({
        type: 'sub',
        code: 0,
        topic,
        msg: translate('en', 'error.topic_login_required'),
      });
    }
  });

  it('logs in with a session token and delivers a user push only to that user', async () => {
    const [alice, bob] = [await demoUser(), await demoUser()];
    const [aliceSocket, bobSocket, visitor] = [await open(), await open(), await open()];
    expect(await aliceSocket.request({ type: 'login', params: { token: alice.token } })).toEqual({
      type: 'login',
      code: 1,
      msg: translate('en', 'success'),
    });
    expect((await bobSocket.request({ type: 'login', params: { token: bob.token } })).code).toBe(1);
    for (const socket of [aliceSocket, bobSocket]) {
      expect(await socket.request({ type: 'sub', params: { topic: 'forex.trade' } })).toEqual({
        type: 'sub',
        code: 1,
        topic: 'forex.trade',
      });
    }
    await visitor.request({ type: 'sub', params: { topic: 'market.day' } });

    const totals = sampleTrade('12.5');
    t.app.realtime.publishToUser(asUserId(alice.user.id), 'forex.trade', totals);
    t.app.realtime.publishToUser(asUserId(alice.user.id), 'forex.closed', sampleClosed(9));
    expect(await aliceSocket.drain()).toEqual([{ type: 'push', topic: 'forex.trade', data: totals }]);
    expect(await bobSocket.drain()).toEqual([]);
    expect(await visitor.drain()).toEqual([]);
  });

  it('keeps the order of a login and the sub sent right after it', async () => {
    const user = await demoUser();
    const socket = await open();
    socket.send({ type: 'login', params: { token: user.token } });
    socket.send({ type: 'sub', params: { topic: 'forex.closed' } });
    expect(await socket.next()).toMatchObject({ type: 'login', code: 1 });
    expect(await socket.next()).toEqual({ type: 'sub', code: 1, topic: 'forex.closed' });
  });

  it('on logout drops the user topics and answers', async () => {
    const user = await demoUser();
    const socket = await open();
    await socket.request({ type: 'login', params: { token: user.token } });
    await socket.request({ type: 'sub', params: { topic: 'forex.trade' } });
    await socket.request({ type: 'sub', params: { topic: 'market.day' } });
    expect(await socket.request({ type: 'logout' })).toEqual({
      type: 'logout',
      code: 1,
      msg: translate('en', 'success'),
    });
    t.app.realtime.publishToUser(asUserId(user.user.id), 'forex.trade', sampleTrade());
    const quotes = sampleQuotes();
    t.app.realtime.publish('market.day', quotes);
    expect(await socket.drain()).toEqual([{ type: 'push', topic: 'market.day', data: quotes }]);
    expect((await socket.request({ type: 'sub', params: { topic: 'forex.trade' } })).code).toBe(0);
  });

  it('refuses a token after its session was ended by an HTTP logout', async () => {
    const user = await demoUser();
    const ended = await call(t, 'POST', '/api/user/logout', {}, { token: user.token });
    expect(ended.code).toBe(1);
    const socket = await open();
    expect((await socket.request({ type: 'login', params: { token: user.token } })).code).toBe(999);
  });

  it(`answers at most ${SERVER_LIMITS.socketLoginsPerMinuteMax} logins a minute per socket`, async () => {
    const socket = await open();
    for (let attempt = 0; attempt < SERVER_LIMITS.socketLoginsPerMinuteMax; attempt += 1) {
      expect((await socket.request({ type: 'login', params: { token: `bad-${attempt}` } })).code).toBe(999);
    }
    const refused = await socket.request({ type: 'login', params: { token: 'bad' } });
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/seconds/);
  });
});

describe('socket /v1/ws: bad input', () => {
  it('ignores garbage, unknown types and binary frames without answering or closing', async () => {
    const socket = await open();
    for (const text of [
      'hello',
      '{',
      '[]',
      'null',
      '{"type":"nope"}',
      '{"type":"sub"}',
      '{"type":"login"}',
    ]) {
      socket.send(text);
    }
    socket.send({ type: 'sub', params: { topic: 'x'.repeat(65) } });
    socket.socket.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect(await socket.drain()).toEqual([]);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });

  it('closes a socket that sends a message over the size limit (1009), before reading it', async () => {
    const socket = await open();
    const big = JSON.stringify({
      type: 'ping',
      params: { pad: 'x'.repeat(SERVER_LIMITS.socketInboundMessageBytesMax) },
    });
    socket.send(big);
    expect((await socket.closed).code).toBe(1009);
  });
});
