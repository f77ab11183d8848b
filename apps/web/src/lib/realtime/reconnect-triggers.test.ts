import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketFactory } from '../../testing/fake-web-socket';
import { reconnectOnReturn } from './reconnect-triggers';
import { RealtimeClient } from './socket-client';

let visibility: DocumentVisibilityState = 'visible';
let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  stop();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A client that lost its connection many times over and now waits out a long (hidden) backoff. */
function clientInBackoff() {
  const factory = fakeSocketFactory();
  const client = new RealtimeClient({
    url: () => 'ws://127.0.0.1:1/v1/ws',
    createSocket: factory.create,
    random: () => 1,
    isHidden: () => visibility === 'hidden',
  });
  stop = reconnectOnReturn(() => client.ensureConnected());
  client.ensureConnected();
  visibility = 'hidden';
  for (let attempt = 0; attempt < 8; attempt += 1) {
    factory.latest().serverCloses();
    vi.runOnlyPendingTimers();
  }
  factory.latest().serverCloses();
  expect(client.getStatus()).toBe('waiting');
  return { client, factory };
}

describe('reconnectOnReturn', () => {
  it('reconnects at once when the network comes back, not when the backoff ends', () => {
    const { client, factory } = clientInBackoff();
    const before = factory.sockets.length;
    window.dispatchEvent(new Event('online'));
    expect(factory.sockets).toHaveLength(before + 1);
    expect(client.getStatus()).toBe('connecting');
  });

  it('reconnects at once when the page is shown again, and not when it is hidden', () => {
    const { client, factory } = clientInBackoff();
    const before = factory.sockets.length;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(factory.sockets).toHaveLength(before);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(factory.sockets).toHaveLength(before + 1);
    expect(client.getStatus()).toBe('connecting');
  });

  it('leaves an open socket alone', () => {
    const { client, factory } = clientInBackoff();
    window.dispatchEvent(new Event('online'));
    factory.latest().serverOpens();
    const before = factory.sockets.length;
    window.dispatchEvent(new Event('online'));
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(factory.sockets).toHaveLength(before);
    expect(client.getStatus()).toBe('open');
  });

  it('stops listening when asked', () => {
    const { factory } = clientInBackoff();
    stop();
    const before = factory.sockets.length;
    window.dispatchEvent(new Event('online'));
    expect(factory.sockets).toHaveLength(before);
  });
});
