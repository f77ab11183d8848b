import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app-hooks';
import { isPush, socketUrl, TestSocket } from '../../test/socket';
import { until } from '../../test/wait';
import { SERVER_LIMITS } from '../limits';

const t = useTestApp();
let url: string;

beforeAll(async () => {
  url = await socketUrl(t);
});

const PAYLOAD_BYTES = 64 * 1024;
/** Far more than the kernel's loopback buffers (a few MB each way) and the hub's limit together. */
const PUBLISHES_MAX = 2_000;

describe('socket /v1/ws: a client that stops reading', () => {
  it('is dropped once its queue passes the limit, while the hub never holds more than the limit', async () => {
    const healthy = await TestSocket.open(url);
    const stalled = await TestSocket.open(url);
    for (const socket of [healthy, stalled])
      await socket.request({ type: 'sub', params: { topic: 'market.day' } });
    // The client stops reading: the kernel buffers fill, then the server's send queue grows.
    stalled.socket.pause();

    const hub = t.app.realtime;
    const padding = 'x'.repeat(PAYLOAD_BYTES);
    let published = 0;
    let bufferedBytesMax = 0;
    while (hub.stats().dropped === 0 && published < PUBLISHES_MAX) {
      // Sequence numbers and padding: the unchecked publisher, as no topic's contract has them.
      hub.unchecked.publish('market.day', { seq: published, padding });
      published += 1;
      bufferedBytesMax = Math.max(bufferedBytesMax, hub.stats().bufferedBytes);
      // The healthy client reads every message, so only the stalled one falls behind.
      const push = (await healthy.next(isPush('market.day'))) as { data: { seq: number } };
      expect(push.data.seq).toBe(published - 1);
    }

    expect(hub.stats().dropped).toBe(1);
    // Operations see it in the metrics too (docs/operations.md, "Metrics").
    const dropped = await t.app.metrics.registry.getSingleMetricAsString('meridian_socket_dropped_total');
    expect(dropped).toMatch(/^meridian_socket_dropped_total 1$/m);
    await until(() => hub.stats().sockets === 1, 'the stalled socket to be gone');
    // What the hub queued for both clients never passed the stalled client's limit (plus the one
    // message on its way to the healthy client), although far more than that was published.
    expect(bufferedBytesMax).toBeLessThanOrEqual(
      SERVER_LIMITS.socketOutboundBufferedBytesMax + PAYLOAD_BYTES * 2,
    );
    expect(published * PAYLOAD_BYTES).toBeGreaterThan(SERVER_LIMITS.socketOutboundBufferedBytesMax * 4);
    expect(hub.stats().bufferedBytes).toBeLessThan(PAYLOAD_BYTES * 2);

    // The healthy client goes on receiving; the stalled one finds its connection cut.
    hub.unchecked.publish('market.day', { seq: published, padding: '' });
    expect(await healthy.next(isPush('market.day'))).toMatchObject({ data: { seq: published } });
    stalled.socket.resume();
    expect((await stalled.closed).code).toBe(1006);
    healthy.close();
  });
});
