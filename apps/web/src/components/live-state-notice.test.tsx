import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { WEB_LIMITS } from '../lib/limits';
import { createLiveState } from '../lib/realtime/live-state';
import { RealtimeClient } from '../lib/realtime/socket-client';
import { fakeSocketFactory } from '../testing/fake-web-socket';
import { LiveStateNotice } from './live-state-notice';

function connectedClient() {
  const factory = fakeSocketFactory();
  const client = new RealtimeClient({
    url: () => 'ws://127.0.0.1:1/v1/ws',
    createSocket: factory.create,
    random: () => 1,
  });
  client.ensureConnected();
  factory.latest().serverOpens();
  return { client, factory };
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LiveStateNotice', () => {
  it('is an empty polite status region while the prices are live', () => {
    const { client } = connectedClient();
    render(<LiveStateNotice store={createLiveState(client)} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    expect(document.documentElement.dataset.prices).toBeUndefined();
  });

  it('says so after the grace, dims the prices meanwhile, and goes when the socket is open again', () => {
    const { client, factory } = connectedClient();
    render(<LiveStateNotice store={createLiveState(client)} />);
    act(() => factory.latest().serverCloses());
    act(() => vi.advanceTimersByTime(WEB_LIMITS.liveStaleGraceMs - 1));
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('Prices paused · reconnecting…');
    expect(document.documentElement.dataset.prices).toBe('stale');

    act(() => vi.advanceTimersByTime(WEB_LIMITS.socketReconnectDelayVisibleMaxMs));
    act(() => factory.latest().serverOpens());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.documentElement.dataset.prices).toBeUndefined();
  });

  it('stops dimming when the last stale notice leaves the screen', () => {
    const { client, factory } = connectedClient();
    const store = createLiveState(client);
    const first = render(<LiveStateNotice store={store} />);
    const second = render(<LiveStateNotice store={store} />);
    act(() => factory.latest().serverCloses());
    act(() => vi.advanceTimersByTime(WEB_LIMITS.liveStaleGraceMs));
    first.unmount();
    expect(document.documentElement.dataset.prices).toBe('stale');
    second.unmount();
    expect(document.documentElement.dataset.prices).toBeUndefined();
  });
});
