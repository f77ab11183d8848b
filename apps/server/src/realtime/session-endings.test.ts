import { asUserId, type UserId } from '@meridian/domain/ids';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { until } from '../../test/wait';
import { SocketClient } from './client';
import { type ConnectionDeps, handleFrame, type SessionCheck } from './connection';
import { Fanout } from './fanout';
import { DEFAULT_SOCKET_LIMITS } from './limits';
import { endsSession, SessionEndings } from './session-endings';

describe('endsSession', () => {
  it('covers one session, or every session of the user but the one kept', () => {
    expect(endsSession({ userId: asUserId(1), sessionId: 5 }, asUserId(1), 5)).toBe(true);
    expect(endsSession({ userId: asUserId(1), sessionId: 5 }, asUserId(1), 6)).toBe(false);
    expect(endsSession({ userId: asUserId(1), sessionId: 5 }, asUserId(2), 5)).toBe(false);
    expect(endsSession({ userId: asUserId(1), keepSessionId: 5 }, asUserId(1), 5)).toBe(false);
    expect(endsSession({ userId: asUserId(1), keepSessionId: 5 }, asUserId(1), 6)).toBe(true);
    expect(endsSession({ userId: asUserId(1), keepSessionId: null }, asUserId(1), 5)).toBe(true);
    expect(endsSession({ userId: asUserId(1), keepSessionId: null }, asUserId(2), 5)).toBe(false);
  });
});

describe('SessionEndings', () => {
  it('tells whether a session ended after a mark, and admits when it no longer knows', () => {
    const endings = new SessionEndings();
    const start = endings.mark();
    expect(endings.endedSince(start, asUserId(1), 5)).toBe(false);
    endings.record({ userId: asUserId(1), sessionId: 5 });
    const afterFirst = endings.mark();
    expect(endings.endedSince(start, asUserId(1), 5)).toBe(true);
    expect(endings.endedSince(start, asUserId(1), 6)).toBe(false);
    expect(endings.endedSince(afterFirst, asUserId(1), 5)).toBe(false);
    for (let index = 0; index < 300; index += 1) endings.record({ userId: asUserId(2), sessionId: index });
    expect(endings.endedSince(start, asUserId(1), 5)).toBeUndefined();
    expect(endings.endedSince(endings.mark(), asUserId(1), 5)).toBe(false);
  });
});

/** A socket that keeps what it is sent (ws's side of it is not under test here). */
function fakeSocket(sent: string[]): WebSocket {
  return { readyState: 1, OPEN: 1, bufferedAmount: 0, send: (text: string) => sent.push(text) } as never;
}

describe('a socket login racing the end of its session', () => {
  it('refuses the login (999) when the session ended while the token was being checked', async () => {
    let finishCheck: (found: { userId: UserId; sessionId: number }) => void = () => {};
    const verify: SessionCheck = () => new Promise((resolve) => (finishCheck = resolve));
    const fanout = new Fanout(() => {});
    const endings = new SessionEndings();
    const deps: ConnectionDeps = {
      verify,
      instrumentExists: () => true,
      fanout,
      limits: DEFAULT_SOCKET_LIMITS,
      endings,
      log: { error() {} } as unknown as FastifyBaseLogger,
      nowMs: Date.now,
    };
    const sent: string[] = [];
    const client = new SocketClient(
      fakeSocket(sent),
      { lang: 'en', address: '10.0.0.1' },
      1 << 20,
      Date.now(),
    );
    fanout.add(client);
    handleFrame(deps, client, JSON.stringify({ type: 'login', params: { token: 'a-token' } }));
    // The check read the session before the logout committed; the hub heard the logout meanwhile.
    endings.record({ userId: asUserId(7), sessionId: 70 });
    finishCheck({ userId: asUserId(7), sessionId: 70 });
    await until(() => sent.length > 0, 'the login answer');
    expect(JSON.parse(sent[0] ?? '')).toMatchObject({ type: 'login', code: 999 });
    expect(client.userId).toBeNull();
    expect(fanout.socketsOfUser(asUserId(7))).toBe(0);
  });
});
