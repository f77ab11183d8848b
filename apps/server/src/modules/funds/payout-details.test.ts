import { describe, expect, it } from 'vitest';
import { isValidCoinAddress, normalizedBic, normalizedPayeeAccount } from './payout-details';

describe('coin addresses', () => {
  it('accepts TRON addresses with a right Base58Check and refuses a changed character', () => {
    expect(isValidCoinAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidCoinAddress('trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidCoinAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    // A Bitcoin address has a right checksum but is not TRON's.
    expect(isValidCoinAddress('TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(isValidCoinAddress('TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('accepts Ethereum addresses in one case, checks EIP-55 in mixed case', () => {
    expect(isValidCoinAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidCoinAddress('ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(true);
    expect(isValidCoinAddress('ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidCoinAddress('ERC20', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
    // One letter's case changed: the checksum fails.
    expect(isValidCoinAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidCoinAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    expect(isValidCoinAddress('ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidCoinAddress('ERC20', '0xZaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('accepts Bitcoin legacy, script and segwit (v0 and taproot) addresses', () => {
    for (const address of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ])
      expect(isValidCoinAddress('BTC', address), address).toBe(true);
  });

  it('refuses broken or foreign Bitcoin addresses', () => {
    for (const address of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
      // Mixed case, test net, a v0 program written with bech32m, a v1 program written with bech32.
      'bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      '',
    ])
      expect(isValidCoinAddress('BTC', address), address).toBe(false);
  });

  it('accepts nothing on a network it does not know', () => {
    expect(isValidCoinAddress('SOL', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });
});

describe('bank details', () => {
  it('reads a SWIFT/BIC in any case and with spaces, and refuses a malformed one', () => {
    expect(normalizedBic('hsbc hk hh')).toBe('HSBCHKHH');
    expect(normalizedBic('DEUTDEFF500')).toBe('DEUTDEFF500');
    expect(normalizedBic('HSBC1KHH')).toBeUndefined();
    expect(normalizedBic('HSBCHKH')).toBeUndefined();
  });

  it('checks an account that looks like an IBAN by its checksum, and keeps any other account as typed', () => {
    expect(normalizedPayeeAccount('gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
    expect(normalizedPayeeAccount('DE89370400440532013000')).toBe('DE89370400440532013000');
    expect(normalizedPayeeAccount('GB83WEST12345698765432')).toBeUndefined();
    expect(normalizedPayeeAccount('DE89370400440532013001')).toBeUndefined();
    expect(normalizedPayeeAccount(' 123-456789-001 ')).toBe('123-456789-001');
  });
});
