import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const fix = {
  PRICE_FEED: 'fix',
  FIX_HOST: 'fix.example.com',
  FIX_PORT: '9880',
  FIX_SENDER_COMP_ID: 'MERIDIAN',
  FIX_TARGET_COMP_ID: 'LP',
  FIX_USERNAME: 'meridian',
  FIX_PASSWORD: 'secret-password',
};

describe('PRICE_FEED and its settings', () => {
  it('uses the simulator when unset, with no secondary', () => {
    const { feeds } = loadConfig({});
    expect(feeds.primary).toEqual({ kind: 'simulator' });
    expect(feeds.secondary).toBeUndefined();
    expect(feeds.failoverMs).toBe(15_000);
    expect(feeds.failbackMs).toBe(120_000);
  });

  it('reads the FIX settings, with TLS off and the sequence reset at logon by default', () => {
    expect(loadConfig(fix).feeds.primary).toEqual({
      kind: 'fix',
      fix: {
        host: 'fix.example.com',
        port: 9880,
        tls: false,
        senderCompId: 'MERIDIAN',
        targetCompId: 'LP',
        username: 'meridian',
        password: 'secret-password',
        resetOnLogon: true,
        heartbeatSeconds: 30,
      },
    });
    expect(loadConfig({ ...fix, FIX_TLS: '1', FIX_RESET_ON_LOGON: '0' }).feeds.primary).toMatchObject({
      fix: { tls: true, resetOnLogon: false },
    });
  });

  it('reads a websocket primary and a FIX secondary with the SECONDARY_ names', () => {
    const secondary = Object.fromEntries(
      Object.entries(fix).map(([name, value]) => [`SECONDARY_${name}`, value]),
    );
    const { feeds } = loadConfig({
      PRICE_FEED: 'websocket',
      FEED_WS_URL: 'wss://stream.example.com/ws',
      PRICE_FEED_SECONDARY: 'fix',
      ...secondary,
      FEED_FAILOVER_SECONDS: '5',
    });
    expect(feeds.primary).toEqual({ kind: 'websocket', websocket: { url: 'wss://stream.example.com/ws' } });
    expect(feeds.secondary).toMatchObject({ kind: 'fix', fix: { host: 'fix.example.com', port: 9880 } });
    expect(feeds.failoverMs).toBe(5000);
  });

  it('stops the start with a message naming the variable', () => {
    expect(() => loadConfig({ PRICE_FEED: 'bloomberg' })).toThrow(
      /PRICE_FEED: must be simulator, fix or websocket/,
    );
    expect(() => loadConfig({ ...fix, FIX_HOST: undefined })).toThrow(/FIX_HOST/);
    expect(() => loadConfig({ ...fix, FIX_PORT: '70000' })).toThrow(/FIX_PORT/);
    expect(() => loadConfig({ ...fix, FIX_TLS: 'yes' })).toThrow(/FIX_TLS: must be 0 or 1/);
    expect(() => loadConfig({ ...fix, FIX_SENDER_COMP_ID: 'has space' })).toThrow(/FIX_SENDER_COMP_ID/);
    expect(() => loadConfig({ PRICE_FEED: 'websocket', FEED_WS_URL: 'http://x.example' })).toThrow(
      /FEED_WS_URL: must be a ws:\/\/ or wss:\/\/ address/,
    );
    expect(() => loadConfig({ ...fix, PRICE_FEED_SECONDARY: 'websocket' })).toThrow(/SECONDARY_FEED_WS_URL/);
    expect(() => loadConfig({ PRICE_FEED_SECONDARY: 'fix' })).toThrow(
      /PRICE_FEED_SECONDARY: needs a real primary/,
    );
    expect(() => loadConfig({ FEED_FAILOVER_SECONDS: '0' })).toThrow(/FEED_FAILOVER_SECONDS/);
  });

  it('never puts the FIX password in a refusal', () => {
    expect(() => loadConfig({ ...fix, FIX_PORT: 'x' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret-password') }),
    );
  });
});
