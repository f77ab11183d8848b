import { describe, expect, it } from 'vitest';
import { asFields, changesOf, coinChannelName, needsSecondAdmin, placeholdersLeft } from './channel-changes';

describe('changesOf', () => {
  const before = { address: 'T123', min: '10', max: '0', enabled: 1 };

  it('keeps only the fields that changed, trimmed, with the switch as 0/1', () => {
    expect(changesOf(before, { address: ' T123 ', min: '20', max: '0', enabled: true })).toEqual({
      min: '20',
    });
    expect(changesOf(before, { address: 'T999', enabled: false })).toEqual({ address: 'T999', enabled: 0 });
  });

  it('leaves out fields the form did not hold', () => {
    expect(changesOf(before, { address: undefined, min: null })).toEqual({});
  });
});

describe('asFields and needsSecondAdmin', () => {
  it('hold every value as text, as proposals do', () => {
    expect(asFields({ enabled: 0, min: '20' })).toEqual({ enabled: '0', min: '20' });
  });

  it('apply switching off alone at once, and send everything else to a second admin', () => {
    expect(needsSecondAdmin({ enabled: '0' })).toBe(false);
    expect(needsSecondAdmin({ enabled: '1' })).toBe(true);
    expect(needsSecondAdmin({ enabled: '0', min: '20' })).toBe(true);
    expect(needsSecondAdmin({ address: 'T999' })).toBe(true);
  });
});

describe('placeholdersLeft', () => {
  it('counts the enabled channels and accounts still on their placeholder', () => {
    const channels = {
      coin: [
        { address_placeholder: 1, enabled: 1 },
        { address_placeholder: 1, enabled: 0 },
        { address_placeholder: 0, enabled: 1 },
      ] as const,
      wire: [{ placeholder: 1, enabled: 1 }] as const,
    };
    expect(placeholdersLeft(channels)).toBe(2);
    expect(placeholdersLeft(undefined)).toBe(0);
  });
});

describe('coinChannelName', () => {
  it('names the network only when it is not the currency itself', () => {
    expect(coinChannelName({ currency_code: 'BTC', protocol_code: 'BTC' })).toBe('BTC');
    expect(coinChannelName({ currency_code: 'USDT', protocol_code: 'TRC20' })).toBe('USDT TRC20');
  });
});
