import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketFactory } from '../../testing/fake-web-socket';
import { WEB_LIMITS } from '../limits';
import { createLiveState } from './live-state';
import { RealtimeClient } from './socket-client';

const GRACE = WEB_LIMITS.liveStaleGraceMs;

function setup() {
  const factory = fakeSocketFactory();
  const client = new RealtimeClient({
    url: () => 'ws://127.0.0.1:1/v1/ws',
    createSocket: factory.create,
    random: () => 1,
  });
  const live = createLiveState(client);
  const seen: string[] = [];
  live.subscribe(() => seen.push(live.get()));
  return { client, factory, live, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createLiveState', () => {
  it('has nothing to say about a socket that was never started', () => {
    const { live } = setup();
    vi.advanceTimersByTime(GRACE * 10);
    expect(live.get()).toBe('live');
  });

  it('says "connecting" when the first connection takes longer than the grace', () => {
    const { client, factory, live, seen } = setup();
    client.ensureConnected();
    vi.advanceTimersByTime(GRACE - 1);
    expect(live.get()).toBe('live');
    vi.advanceTimersByTime(1);
    expect(live.get()).toBe('connecting');
    factory.latest().serverOpens();
    expect(live.get()).toBe('live');
    expect(seen).toEqual(['connecting', 'live']);
  });

  it('does not announce a blip shorter than the grace', () => {
    const { client, factory, seen } = setup();
    client.ensureConnected();
    factory.latest().serverOpens();
    factory.latest().serverCloses();
    vi.advanceTimersByTime(WEB_LIMITS.socketReconnectDelayMinMs);
    factory.latest().serverOpens();
    vi.advanceTimersByTime(GRACE * 5);
    expect(seen).toEqual([]);
  });

  it('says "reconnecting" once a lost connection outlasts the grace, through every retry, and live at once on open', () => {
    const { client, factory, live, seen } = setup();
    client.ensureConnected();
    factory.latest().serverOpens();
    factory.latest().serverCloses();
    vi.advanceTimersByTime(GRACE);
    expect(live.get()).toBe('reconnecting');
    // Retries come and go (connecting, waiting) without the notice flickering.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      vi.advanceTimersByTime(WEB_LIMITS.socketReconnectDelayVisibleMaxMs);
      factory.latest().serverCloses();
    }
    expect(seen).toEqual(['reconnecting']);
    vi.advanceTimersByTime(WEB_LIMITS.socketReconnectDelayVisibleMaxMs);
    factory.latest().serverOpens();
    expect(live.get()).toBe('live');
    expect(seen).toEqual(['reconnecting', 'live']);
  });

  it('is live again when the socket is stopped on purpose', () => {
    const { client, factory, live } = setup();
    client.ensureConnected();
    factory.latest().serverOpens();
    factory.latest().serverCloses();
    vi.advanceTimersByTime(GRACE);
    expect(live.get()).toBe('reconnecting');
    client.disconnect();
    expect(live.get()).toBe('live');
  });
});
