import { randomBytes } from 'node:crypto';
import type { SessionData } from '@meridian/contract/auth';
import { asUserId } from '@meridian/domain/ids';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { startTestNodes, TEST_REDIS_URL, type TestNodes } from '../../test/nodes';
import { sampleClosed, sampleQuotes } from '../../test/pushes';
import { isPush, socketUrl, TestSocket } from '../../test/socket';
import { until } from '../../test/wait';

let installation: TestNodes;
let nodeA: TestApp;
let nodeB: TestApp;
let admin: Redis;

/** The Redis connections of one installation's bridges (each connection is named after its channel). */
async function bridgeConnections(of: string): Promise<number> {
  const list = (await admin.client('LIST')) as string;
  return list.split('\n').filter((line) => line.includes(`name=${of}`)).length;
}

beforeAll(async () => {
  admin = new Redis(TEST_REDIS_URL);
  // Two nodes with a database each, sharing realtime events through the machine's Redis.
  installation = await startTestNodes(2, { database: 'own' });
  [nodeA, nodeB] = installation.nodes as [TestApp, TestApp];
});

afterAll(async () => {
  await installation?.close();
  await admin.quit();
});

describe('realtime across nodes through Redis', () => {
  it('delivers a push published on one node to a socket on the other, once', async () => {
    const onA = await TestSocket.open(await socketUrl(nodeA));
    const onB = await TestSocket.open(await socketUrl(nodeB));
    for (const socket of [onA, onB]) await socket.request({ type: 'sub', params: { topic: 'market.day' } });

    const quotes = sampleQuotes('1.1');
    nodeA.app.realtime.publish('market.day', quotes);
    expect(await onB.next(isPush('market.day'))).toEqual({ type: 'push', topic: 'market.day', data: quotes });
    expect(await onA.next(isPush('market.day'))).toEqual({ type: 'push', topic: 'market.day', data: quotes });
    // The publishing node served its own socket directly and ignores its own message from Redis.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await onA.drain()).toEqual([]);
    expect(await onB.drain()).toEqual([]);
    onA.close();
    onB.close();
  });

  it('answers hasSubscribers for the sockets of every node', async () => {
    const topic = 'kline.11.15M';
    expect(nodeA.app.realtime.hasSubscribers(topic)).toBe(false);
    const onB = await TestSocket.open(await socketUrl(nodeB));
    await onB.request({ type: 'sub', params: { topic } });
    await until(() => nodeA.app.realtime.hasSubscribers(topic), 'node A to learn of node B topic');
    await onB.request({ type: 'unsub', params: { topic } });
    await until(() => !nodeA.app.realtime.hasSubscribers(topic), 'node A to learn it is gone');
    onB.close();
  });

  it('delivers a user push to that user on another node', async () => {
    const demo = await call<SessionData>(nodeB, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: `redis-device-${Date.now()}`,
    });
    const onB = await TestSocket.open(await socketUrl(nodeB));
    expect((await onB.request({ type: 'login', params: { token: demo.data.token } })).code).toBe(1);
    await onB.request({ type: 'sub', params: { topic: 'forex.closed' } });
    nodeA.app.realtime.publishToUser(asUserId(demo.data.user.id + 1), 'forex.closed', sampleClosed(1));
    nodeA.app.realtime.publishToUser(asUserId(demo.data.user.id), 'forex.closed', sampleClosed(2));
    expect(await onB.next(isPush('forex.closed'))).toEqual({
      type: 'push',
      topic: 'forex.closed',
      data: sampleClosed(2),
    });
    expect(await onB.drain()).toEqual([]);
    onB.close();
  });

  it('leaves Redis when the app closes', async () => {
    // Two nodes of its own to close, on a channel of their own, so the other tests keep theirs
    // whatever order they run in. They work on node A's database: a second test
    // database would move the worker's shared PGlite connection to its schema.
    const closing = `meridian:test:${randomBytes(6).toString('hex')}`;
    const nodes: TestApp[] = [];
    try {
      for (let index = 0; index < 2; index += 1) {
        nodes.push(
          await createTestApp({
            redisUrl: TEST_REDIS_URL,
            realtime: { redisChannel: closing },
            database: nodeA.database,
          }),
        );
      }
      expect(await bridgeConnections(closing)).toBe(4);
      while (nodes.length > 0) await nodes.pop()?.close();
      expect(await bridgeConnections(closing)).toBe(0);
    } finally {
      for (const node of nodes) await node.close();
    }
  });
});
