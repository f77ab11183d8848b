import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { SERVER_LIMITS } from './limits';

describe('TRUSTED_PROXIES', () => {
  it('trusts no proxy when unset or empty', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '' }).trustedProxies).toEqual([]);
  });

  it('reads addresses, CIDR ranges and the named ranges, separated by commas', () => {
    expect(
      loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8, loopback,' }).trustedProxies,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('stops the start on a value that is not an address or a range, naming the variable', () => {
    for (const value of [
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      'proxy.example.com',
      '10.0.0.1/8/2',
      '10.0.0.0/x',
    ]) {
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(
        /TRUSTED_PROXIES: .*not an IP|TRUSTED_PROXIES: .*prefix/,
      );
    }
  });
});

describe('SOCKETS_PER_ADDRESS_MAX', () => {
  it(`defaults to ${SERVER_LIMITS.socketsPerAddressMax} and takes a positive whole number`, () => {
    expect(loadConfig({}).socketsPerAddressMax).toBe(SERVER_LIMITS.socketsPerAddressMax);
    expect(loadConfig({ SOCKETS_PER_ADDRESS_MAX: '5' }).socketsPerAddressMax).toBe(5);
  });

  it('stops the start on anything else, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'many', '1000001']) {
      expect(() => loadConfig({ SOCKETS_PER_ADDRESS_MAX: value })).toThrow(/SOCKETS_PER_ADDRESS_MAX/);
    }
  });
});
