import { describe, expect, it } from 'vitest';
import { COIN_CHANNELS, DRAW_CURRENCIES, placeholderAddress } from './funds-catalogue';
import { isKnownNetwork, isValidCoinAddress } from './payout-details';

/**
 * Adding a coin channel is one seed row here plus, for a new network, its address check in
 * payout-details.ts (README, "How to add… a funds channel"): these tests refuse a row whose network
 * nobody checks, since staff could then set no address for it and customers no payout address.
 */
describe('the funds catalogue', () => {
  it('names, for every coin channel, a network whose addresses are checked', () => {
    for (const channel of COIN_CHANNELS)
      expect(isKnownNetwork(channel.protocolCode), channel.protocolCode).toBe(true);
  });

  it('names, for every coin withdraw currency, a checked network, and none for a bank currency', () => {
    for (const currency of DRAW_CURRENCIES) {
      if (currency.type === 'coin') expect(isKnownNetwork(currency.protocol), currency.code).toBe(true);
      else expect(currency.protocol, currency.code).toBe('');
    }
  });

  it('seeds placeholder addresses that no network accepts, so nobody can send money to one', () => {
    for (const channel of COIN_CHANNELS) {
      const address = placeholderAddress(channel.currencyCode, channel.protocolCode);
      expect(isValidCoinAddress(channel.protocolCode, address), address).toBe(false);
    }
  });

  it('refuses a network it does not know', () => {
    expect(isKnownNetwork('SOL')).toBe(false);
    expect(isKnownNetwork('trc20')).toBe(true);
  });
});
