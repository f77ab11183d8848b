import { randomBytes } from 'node:crypto';
import type { SessionData } from '@meridian/contract/auth';
import { asUserId } from '@meridian/domain/ids';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  lastCode,
  login,
  NEW_PASSWORD,
  otherCodeThan,
  PASSWORD,
  registerByEmail,
} from '../../test/accounts';
import type { TestApp } from '../../test/app';
import { useTestApp, useTwoNodes } from '../../test/app-hooks';
import { sampleTrade } from '../../test/pushes';
import { isPush, socketUrl, TestSocket } from '../../test/socket';
import { translate } from '../http/i18n';

// Finding 7: a session that ends (logout, password change or reset) ends its sockets' login at
// once, so they stop receiving the user's pushes, on every node.
const TOPIC = 'forex.trade';
const LOGIN_ENDED = { type: 'login', code: 999, msg: translate('en', 'error.session_invalid') };

const sockets: TestSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

/** A socket on the app, logged in with the token and subscribed to the user's forex.trade. */
async function userSocket(t: TestApp, token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(await socketUrl(t));
  sockets.push(socket);
  expect((await socket.request({ type: 'login', params: { token } })).code).toBe(1);
  expect((await socket.request({ type: 'sub', params: { topic: TOPIC } })).code).toBe(1);
  return socket;
}

/** Whether a push to the user published now reaches the socket (answered before a ping sent after). */
async function receivesPushes(t: TestApp, socket: TestSocket, userId: number): Promise<boolean> {
  t.app.realtime.publishToUser(asUserId(userId), TOPIC, sampleTrade('1'));
  const received = await socket.drain();
  return received.some(isPush(TOPIC));
}

async function emailUser(t: TestApp, prefix: string): Promise<{ email: string; first: SessionData }> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  return { email, first: await registerByEmail(t, email) };
}

async function secondSession(t: TestApp, email: string): Promise<SessionData> {
  const answer = await login(t, email, PASSWORD);
  expect(answer.code).toBe(1);
  return answer.data;
}

describe('ending a session ends its sockets', () => {
  const t = useTestApp();

  it('logout: the session socket is told (999) and gets no more of the user pushes; another session keeps them', async () => {
    const { email, first } = await emailUser(t, 'logout');
    const second = await secondSession(t, email);
    const [ending, staying] = [await userSocket(t, first.token), await userSocket(t, second.token)];
    expect(await receivesPushes(t, ending, first.user.id)).toBe(true);

    expect((await call(t, 'POST', '/api/user/logout', {}, { token: first.token })).code).toBe(1);
    expect(await ending.next((message) => typeof message === 'object' && message.type === 'login')).toEqual(
      LOGIN_ENDED,
    );
    expect(await receivesPushes(t, ending, first.user.id)).toBe(false);
    expect(await receivesPushes(t, staying, first.user.id)).toBe(true);
    // Anonymous again: the user's topics need a new login; the public ones still work.
    expect((await ending.request({ type: 'sub', params: { topic: TOPIC } })).code).toBe(0);
    expect((await ending.request({ type: 'sub', params: { topic: 'market.day' } })).code).toBe(1);
  });

  it('password change: the other sessions sockets lose the user, the changing one keeps it', async () => {
    const { email, first } = await emailUser(t, 'amend');
    const other = await secondSession(t, email);
    const [changing, elsewhere] = [await userSocket(t, first.token), await userSocket(t, other.token)];
    const sent = await call(t, 'POST', '/api/notify/send_email', { type: 3 }, { token: first.token });
    expect(sent.code).toBe(1);
    const amended = await call(
      t,
      'POST',
      '/api/user/amend_password',
      {
        new_password: NEW_PASSWORD,
        re_password: NEW_PASSWORD,
        auth_code: await lastCode(t, email, 3),
        type: 1,
      },
      { token: first.token },
    );
    expect(amended.code).toBe(1);
    expect(
      await elsewhere.next((message) => typeof message === 'object' && message.type === 'login'),
    ).toEqual(LOGIN_ENDED);
    expect(await receivesPushes(t, elsewhere, first.user.id)).toBe(false);
    expect(await receivesPushes(t, changing, first.user.id)).toBe(true);
  });

  it('password reset: every session socket of the user loses it', async () => {
    const { email, first } = await emailUser(t, 'reset');
    const second = await secondSession(t, email);
    const both = [await userSocket(t, first.token), await userSocket(t, second.token)];
    expect((await call(t, 'POST', '/api/notify/send_email', { email, type: 2 })).code).toBe(1);
    const reset = await call(t, 'POST', '/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: await lastCode(t, email, 2),
    });
    expect(reset.code).toBe(1);
    for (const socket of both) expect(await receivesPushes(t, socket, first.user.id)).toBe(false);
  });

  it('a wrong code changes nothing: the sockets keep the user', async () => {
    const { email, first } = await emailUser(t, 'kept');
    const socket = await userSocket(t, first.token);
    expect((await call(t, 'POST', '/api/notify/send_email', { email, type: 2 })).code).toBe(1);
    const code = await lastCode(t, email, 2);
    const refused = await call(t, 'POST', '/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: otherCodeThan(code),
    });
    expect(refused.code).toBe(0);
    expect(await receivesPushes(t, socket, first.user.id)).toBe(true);
  });
});

describe('ending a session ends its sockets on the other nodes (Redis)', () => {
  // One installation: both nodes on one database, sharing realtime events through Redis.
  const [nodeA, nodeB] = useTwoNodes();

  it('a logout on node A drops the session socket on node B at once', async () => {
    const { first } = await emailUser(nodeA, 'nodes');
    const onB = await userSocket(nodeB, first.token);
    expect(await receivesPushes(nodeB, onB, first.user.id)).toBe(true);
    expect((await call(nodeA, 'POST', '/api/user/logout', {}, { token: first.token })).code).toBe(1);
    expect(await onB.next((message) => typeof message === 'object' && message.type === 'login')).toEqual(
      LOGIN_ENDED,
    );
    // A push published on node A (the engine's node, say) no longer reaches it either.
    nodeA.app.realtime.publishToUser(asUserId(first.user.id), TOPIC, sampleTrade('2'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await onB.drain()).filter(isPush(TOPIC))).toEqual([]);
  });
});
