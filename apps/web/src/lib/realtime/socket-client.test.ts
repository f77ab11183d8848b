import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketFactory } from '../../testing/fake-web-socket';
import { WEB_LIMITS } from '../limits';
import { RealtimeClient } from './socket-client';

const URL_BASE = 'ws://127.0.0.1:1/v1/ws';
const PING = { type: 'ping' };
const PING_MS = WEB_LIMITS.socketPingIntervalMs;
/** With the jitter pinned to its top, the first reconnect waits exactly the minimum delay. */
const FIRST_RECONNECT_MS = WEB_LIMITS.socketReconnectDelayMinMs;

function setup(language = 'en') {
  const factory = fakeSocketFactory();
  let lang = language;
  const client = new RealtimeClient({
    url: () => `${URL_BASE}?lang=${lang}`,
    createSocket: factory.create,
    random: () => 1,
  });
  return {
    client,
    factory,
    setLanguage(next: string) {
      lang = next;
    },
  };
}

/** A client with an open socket. */
function connected() {
  const context = setup();
  context.client.ensureConnected();
  context.factory.latest().serverOpens();
  return context;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('connecting', () => {
  it('opens one socket at the URL with the language, however often it is asked', () => {
    const { client, factory } = setup('ar');
    client.ensureConnected();
    client.ensureConnected();
    expect(factory.sockets).toHaveLength(1);
    expect(factory.latest().url).toBe(`${URL_BASE}?lang=ar`);
    expect(client.getStatus()).toBe('connecting');
    factory.latest().serverOpens();
    client.ensureConnected();
    expect(factory.sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('open');
  });

  it('gives up on a socket not open after 5 s and tries again after a delay', () => {
    const { client, factory } = setup();
    client.ensureConnected();
    vi.advanceTimersByTime(WEB_LIMITS.socketConnectTimeoutMs - 1);
    expect(factory.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(factory.sockets[0]!.closedByClient).toBe(true);
    expect(client.getStatus()).toBe('waiting');
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    expect(factory.sockets).toHaveLength(2);
  });

  it('reconnects after a lost connection with growing delays, back to short after an open', () => {
    const { client, factory } = setup();
    client.ensureConnected();
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    expect(factory.sockets).toHaveLength(2);

    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    expect(factory.sockets).toHaveLength(2);
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    expect(factory.sockets).toHaveLength(3);

    factory.latest().serverOpens();
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    expect(factory.sockets).toHaveLength(4);
    expect(client.getStatus()).toBe('connecting');
  });

  it('reconnects at once (within the spread) when the server closes for a restart, even after failed tries', () => {
    const { client, factory } = setup();
    client.ensureConnected();
    // Two failed tries first: a plain loss would now wait twice the minimum.
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    factory.latest().serverCloses();
    vi.advanceTimersByTime(2 * FIRST_RECONNECT_MS);
    factory.latest().serverOpens();
    factory.latest().serverCloses(1012);
    expect(client.getStatus()).toBe('waiting');
    vi.advanceTimersByTime(WEB_LIMITS.socketRestartReconnectSpreadMs);
    expect(factory.sockets).toHaveLength(4);
    expect(client.getStatus()).toBe('connecting');
    // The spread is well under the first backoff delay.
    expect(WEB_LIMITS.socketRestartReconnectSpreadMs).toBeLessThan(FIRST_RECONNECT_MS);
  });

  it('backs off as usual when the node that closed for a restart refuses the reconnect', () => {
    const { client, factory } = setup();
    client.ensureConnected();
    factory.latest().serverOpens();
    factory.latest().serverCloses(1012);
    vi.advanceTimersByTime(WEB_LIMITS.socketRestartReconnectSpreadMs);
    expect(factory.sockets).toHaveLength(2);
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS - 1);
    expect(factory.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(factory.sockets).toHaveLength(3);
  });

  it('connects at once when asked while a reconnect is waiting (a navigation)', () => {
    const { client, factory } = setup();
    client.ensureConnected();
    factory.latest().serverCloses();
    client.ensureConnected();
    expect(factory.sockets).toHaveLength(2);
    // The reconnect that was scheduled does not open a third socket.
    vi.advanceTimersByTime(WEB_LIMITS.socketConnectTimeoutMs - 1);
    expect(factory.sockets).toHaveLength(2);
    expect(factory.sockets[1]!.closedByClient).toBe(false);
  });

  it('takes the language of the moment at each connect', () => {
    const { client, factory, setLanguage } = setup('en');
    client.ensureConnected();
    setLanguage('jp');
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    expect(factory.latest().url).toBe(`${URL_BASE}?lang=jp`);
  });

  it('stays idle after disconnect, even when the old socket reports its close later', () => {
    const { client, factory } = connected();
    const first = factory.latest();
    client.disconnect();
    expect(first.closedByClient).toBe(true);
    first.serverCloses();
    vi.advanceTimersByTime(120_000);
    expect(factory.sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('idle');
  });

  it('tells its listeners when the status changes', () => {
    const { client, factory } = setup();
    const seen: string[] = [];
    client.onStatusChange(() => seen.push(client.getStatus()));
    client.ensureConnected();
    factory.latest().serverOpens();
    factory.latest().serverCloses();
    expect(seen).toEqual(['connecting', 'open', 'waiting']);
  });
});

describe('ping', () => {
  it('pings every 5 s while open', () => {
    const { factory } = connected();
    const socket = factory.latest();
    vi.advanceTimersByTime(PING_MS - 1);
    expect(socket.messages()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.messages()).toEqual([PING]);
    socket.serverSends({ type: 'pong' });
    vi.advanceTimersByTime(PING_MS * 3);
    expect(socket.messages()).toEqual([PING, PING, PING, PING]);
  });

  it('keeps the connection while pongs come back', () => {
    const { client, factory } = connected();
    const socket = factory.latest();
    for (let round = 0; round < 10; round += 1) {
      vi.advanceTimersByTime(PING_MS);
      socket.serverSends(round % 2 === 0 ? { type: 'pong' } : 'pong');
    }
    expect(socket.closedByClient).toBe(false);
    expect(client.getStatus()).toBe('open');
    expect(factory.sockets).toHaveLength(1);
  });

  it('reconnects after 3 unanswered pings, not after 2', () => {
    const { client, factory } = connected();
    const socket = factory.latest();
    vi.advanceTimersByTime(PING_MS * 3);
    expect(socket.messages()).toEqual([PING, PING, PING]);
    expect(socket.closedByClient).toBe(false);
    // The fourth beat finds three pings without an answer: the connection is dead.
    vi.advanceTimersByTime(PING_MS);
    expect(socket.closedByClient).toBe(true);
    expect(socket.messages()).toHaveLength(3);
    expect(client.getStatus()).toBe('waiting');
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    expect(factory.sockets).toHaveLength(2);
  });

  it('counts afresh after a late pong', () => {
    const { factory } = connected();
    const socket = factory.latest();
    vi.advanceTimersByTime(PING_MS * 3);
    socket.serverSends({ type: 'pong' });
    vi.advanceTimersByTime(PING_MS * 3);
    expect(socket.closedByClient).toBe(false);
  });

  it('stops pinging a socket it dropped', () => {
    const { factory } = connected();
    const first = factory.latest();
    first.serverCloses();
    vi.advanceTimersByTime(PING_MS * 4);
    expect(first.messages()).toEqual([]);
  });
});

describe('messages sent while not open', () => {
  it('are queued and sent on open, in order', () => {
    const { client, factory } = setup();
    client.send({ type: 'sub', params: { topic: 'a' } });
    client.ensureConnected();
    client.send({ type: 'unsub', params: { topic: 'a' } });
    const socket = factory.latest();
    expect(socket.sent).toEqual([]);
    socket.serverOpens();
    expect(socket.messages()).toEqual([
      { type: 'sub', params: { topic: 'a' } },
      { type: 'unsub', params: { topic: 'a' } },
    ]);
  });

  it('are bounded: the oldest go first', () => {
    const { client, factory } = setup();
    const total = WEB_LIMITS.socketQueuedMessagesMax + 5;
    for (let index = 0; index < total; index += 1)
      client.send({ type: 'sub', params: { topic: `t${index}` } });
    expect(client.droppedMessages).toBe(5);
    client.ensureConnected();
    factory.latest().serverOpens();
    const topics = factory
      .latest()
      .messages()
      .map((message) => (message as { params: { topic: string } }).params.topic);
    expect(topics).toHaveLength(WEB_LIMITS.socketQueuedMessagesMax);
    expect(topics[0]).toBe('t5');
    expect(topics.at(-1)).toBe(`t${total - 1}`);
  });

  it('are sent once, not again on the next connection', () => {
    const { client, factory } = setup();
    client.send({ type: 'ping' });
    client.ensureConnected();
    factory.latest().serverOpens();
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    factory.latest().serverOpens();
    expect(factory.latest().sent).toEqual([]);
  });

  it('go straight out when open', () => {
    const { client, factory } = connected();
    client.send({ type: 'ping' });
    expect(factory.latest().messages()).toEqual([PING]);
  });
});

describe('topics', () => {
  it('subscribes on the first listener and unsubscribes after the last', () => {
    const { client, factory } = connected();
    const socket = factory.latest();
    const stopFirst = client.subscribe('market.day', () => {});
    const stopSecond = client.subscribe('market.day', () => {});
    expect(socket.messages()).toEqual([{ type: 'sub', params: { topic: 'market.day' } }]);
    stopFirst();
    stopFirst();
    expect(socket.messages()).toHaveLength(1);
    stopSecond();
    expect(socket.messages()).toEqual([
      { type: 'sub', params: { topic: 'market.day' } },
      { type: 'unsub', params: { topic: 'market.day' } },
    ]);
  });

  it('hands each push to the listeners of its topic only', () => {
    const { client, factory } = connected();
    const day = vi.fn();
    const kline = vi.fn();
    client.subscribe('market.day', day);
    client.subscribe('kline.1.1M', kline);
    factory.latest().serverSends({ type: 'push', topic: 'market.day', data: [{ Id: 1 }] });
    expect(day).toHaveBeenCalledWith([{ Id: 1 }]);
    expect(kline).not.toHaveBeenCalled();
  });

  it('re-subscribes every topic after a reconnect, and not the ones left', () => {
    const { client, factory } = connected();
    client.subscribe('market.day', () => {});
    const stop = client.subscribe('kline.7.5M', () => {});
    client.subscribe('kline.7.1H', () => {});
    stop();
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    factory.latest().serverOpens();
    expect(factory.latest().messages()).toEqual([
      { type: 'sub', params: { topic: 'market.day' } },
      { type: 'sub', params: { topic: 'kline.7.1H' } },
    ]);
  });

  it('subscribes topics asked for before the socket opened, once, on open', () => {
    const { client, factory } = setup();
    client.subscribe('market.day', () => {});
    client.ensureConnected();
    factory.latest().serverOpens();
    expect(factory.latest().messages()).toEqual([{ type: 'sub', params: { topic: 'market.day' } }]);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const { client, factory } = connected();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    client.subscribe('market.day', () => {
      throw new Error('bug');
    });
    client.subscribe('market.day', after);
    factory.latest().serverSends({ type: 'push', topic: 'market.day', data: 1 });
    expect(after).toHaveBeenCalledWith(1);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('session', () => {
  it('logs in on open when a token is set, before re-subscribing', () => {
    const { client, factory } = setup();
    client.setToken('abc');
    client.subscribe('market.day', () => {});
    client.ensureConnected();
    factory.latest().serverOpens();
    expect(factory.latest().messages()).toEqual([
      { type: 'login', params: { token: 'abc' } },
      { type: 'sub', params: { topic: 'market.day' } },
    ]);
  });

  it('logs in at once on login, again on a new token, and logs out on logout', () => {
    const { client, factory } = connected();
    client.setToken('one');
    client.setToken('one');
    client.setToken('two');
    client.setToken(null);
    expect(factory.latest().messages()).toEqual([
      { type: 'login', params: { token: 'one' } },
      { type: 'login', params: { token: 'two' } },
      { type: 'logout' },
    ]);
  });

  it('sends nothing for a logout while closed, and no login on the next open', () => {
    const { client, factory } = setup();
    client.setToken('one');
    client.setToken(null);
    client.ensureConnected();
    factory.latest().serverOpens();
    expect(factory.latest().sent).toEqual([]);
  });

  it('logs in again after a reconnect', () => {
    const { client, factory } = connected();
    client.setToken('abc');
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    factory.latest().serverOpens();
    expect(factory.latest().messages()).toEqual([{ type: 'login', params: { token: 'abc' } }]);
  });
});

describe('sync after an open', () => {
  it('pings after the login and subscriptions, and tells its listeners at the pong, once', () => {
    const { client, factory } = setup();
    const synced = vi.fn();
    client.onSynced(synced);
    client.setToken('abc');
    client.subscribe('funds.record', () => {});
    client.ensureConnected();
    const socket = factory.latest();
    socket.serverOpens();
    expect(socket.messages()).toEqual([
      { type: 'login', params: { token: 'abc' } },
      { type: 'sub', params: { topic: 'funds.record' } },
      PING,
    ]);
    expect(synced).not.toHaveBeenCalled();
    socket.serverSends({ type: 'pong' });
    expect(synced).toHaveBeenCalledTimes(1);
    socket.serverSends('pong');
    expect(synced).toHaveBeenCalledTimes(1);
  });

  it('syncs again after a reconnect, not for a socket dropped before its pong', () => {
    const { client, factory } = setup();
    const synced = vi.fn();
    client.onSynced(synced);
    client.setToken('abc');
    client.ensureConnected();
    factory.latest().serverOpens();
    factory.latest().serverCloses();
    vi.advanceTimersByTime(FIRST_RECONNECT_MS);
    factory.latest().serverOpens();
    factory.latest().serverSends({ type: 'pong' });
    expect(synced).toHaveBeenCalledTimes(1);
  });

  it('sends no sync ping for a visitor, or when nobody listens', () => {
    const visitor = setup();
    visitor.client.onSynced(() => {});
    visitor.client.ensureConnected();
    visitor.factory.latest().serverOpens();
    expect(visitor.factory.latest().sent).toEqual([]);
    const unheard = setup();
    const stop = unheard.client.onSynced(() => {});
    stop();
    unheard.client.setToken('abc');
    unheard.client.ensureConnected();
    unheard.factory.latest().serverOpens();
    expect(unheard.factory.latest().messages()).toEqual([{ type: 'login', params: { token: 'abc' } }]);
  });
});

describe('what the server sends', () => {
  it('ignores frames that do not parse, and anything that is not a push', () => {
    const { client, factory } = connected();
    const listener = vi.fn();
    client.subscribe('market.day', listener);
    const socket = factory.latest();
    expect(() => {
      socket.serverSends('{"type":"push","topic":"market.day","data":');
      socket.serverSends('not json');
      socket.serverSends('null');
      socket.serverSends('42');
      socket.serverSends({ type: 'push', topic: 7, data: 1 });
      socket.serverSends({ type: 'login', code: 999, msg: 'expired' });
      socket.serverSends({ type: 'sub', code: 0, topic: 'market.day', msg: 'refused' });
    }).not.toThrow();
    socket.onmessage?.(new MessageEvent('message', { data: new ArrayBuffer(4) }));
    expect(listener).not.toHaveBeenCalled();
    socket.serverSends({ type: 'push', topic: 'market.day', data: 'ok' });
    expect(listener).toHaveBeenCalledExactlyOnceWith('ok');
    expect(client.getStatus()).toBe('open');
  });

  it('does not let a parse error count as a pong', () => {
    const { factory } = connected();
    const socket = factory.latest();
    vi.advanceTimersByTime(PING_MS * 3);
    socket.serverSends('{"type":"pong"');
    vi.advanceTimersByTime(PING_MS);
    expect(socket.closedByClient).toBe(true);
  });

  it('ignores messages from a socket it already dropped', () => {
    const { client, factory } = connected();
    const listener = vi.fn();
    client.subscribe('market.day', listener);
    const first = factory.latest();
    const stale = first.onmessage;
    first.serverCloses();
    stale?.(
      new MessageEvent('message', { data: JSON.stringify({ type: 'push', topic: 'market.day', data: 1 }) }),
    );
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('the reconnect schedule while the server is down', () => {
  /** A client whose every socket is refused as soon as it is made; the times of the tries, in ms. */
  function refusedClient(hidden: { value: boolean }) {
    const factory = fakeSocketFactory();
    const tries: number[] = [];
    // A fixed spread of jitters, so the schedule is the same on every run.
    const jitters = [0, 0.9, 0.3, 1, 0.6, 0.1];
    let draw = 0;
    const client = new RealtimeClient({
      url: () => URL_BASE,
      createSocket: (url) => {
        tries.push(Date.now());
        const socket = factory.create(url);
        queueMicrotask(() => socket.serverCloses());
        return socket;
      },
      random: () => jitters[draw++ % jitters.length]!,
      isHidden: () => hidden.value,
    });
    return { client, factory, tries };
  }

  function gaps(times: readonly number[]): number[] {
    return times.slice(1).map((time, index) => time - times[index]!);
  }

  it('tries at least every 3 s while the page is shown', async () => {
    const { client, tries } = refusedClient({ value: false });
    client.ensureConnected();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tries.length).toBeGreaterThan(20);
    expect(Math.max(...gaps(tries))).toBeLessThanOrEqual(3_000);
    // The first tries come quickly: a blip is over before anyone notices.
    expect(tries[1]! - tries[0]!).toBeLessThanOrEqual(WEB_LIMITS.socketReconnectDelayMinMs);
  });

  it('backs off longer while the page is hidden, and tries at once when asked (shown again)', async () => {
    const hidden = { value: true };
    const { client, tries } = refusedClient(hidden);
    client.ensureConnected();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(Math.max(...gaps(tries))).toBeGreaterThan(10_000);
    expect(Math.max(...gaps(tries))).toBeLessThanOrEqual(WEB_LIMITS.socketReconnectDelayHiddenMaxMs);
    expect(client.getStatus()).toBe('waiting');

    const before = tries.length;
    hidden.value = false;
    client.ensureConnected();
    expect(tries).toHaveLength(before + 1);
    // Back on screen, the following tries are at most 3 s apart again.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(Math.max(...gaps(tries.slice(before)))).toBeLessThanOrEqual(3_000);
  });

  it('is live again within 3 s of the server coming back', async () => {
    const factory = fakeSocketFactory();
    let serverUp = false;
    const client = new RealtimeClient({
      url: () => URL_BASE,
      createSocket: (url) => {
        const socket = factory.create(url);
        queueMicrotask(() => (serverUp ? socket.serverOpens() : socket.serverCloses()));
        return socket;
      },
      random: () => 1,
    });
    client.ensureConnected();
    await vi.advanceTimersByTimeAsync(45_000);
    expect(client.getStatus()).toBe('waiting');
    serverUp = true;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(client.getStatus()).toBe('open');
  });
});
