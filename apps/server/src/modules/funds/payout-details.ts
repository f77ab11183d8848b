import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Where money may be paid to: a coin address on its network, a bank's SWIFT/BIC, an account that is
 * an IBAN. The checksums come from well-kept libraries (paulmillr's audited @noble/hashes and
 * @scure/base for SHA-256, Keccak-256, Base58Check and bech32/bech32m; ibantools for IBAN and BIC),
 * never from a pattern alone: a typo in an address sends money nowhere.
 */

const base58check = createBase58check(sha256);

/** TRON: Base58Check of 21 bytes starting 0x41 ("T..."). */
function isTronAddress(address: string): boolean {
  const bytes = decodeOrUndefined(() => base58check.decode(address));
  return bytes !== undefined && bytes.length === 21 && bytes[0] === 0x41;
}

const HEX_40 = /^[0-9a-fA-F]{40}$/;

/**
 * Ethereum (ERC20): 0x and 20 bytes in hex. Written in one case it carries no checksum; in mixed
 * case it is EIP-55: each letter is upper-case exactly where the Keccak-256 of the lower-case
 * address has a nibble of 8 or more.
 */
function isEthereumAddress(address: string): boolean {
  if (!address.startsWith('0x') || !HEX_40.test(address.slice(2))) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(body.toLowerCase()));
  for (let index = 0; index < body.length; index += 1) {
    const character = body[index] as string;
    if (!/[a-fA-F]/.test(character)) continue;
    const byte = hash[index >> 1] as number;
    const nibble = index % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const upper = character === character.toUpperCase();
    if (upper !== nibble >= 8) return false;
  }
  return true;
}

/**
 * Bitcoin main net: a legacy (P2PKH, version 0) or script (P2SH, version 5) Base58Check address, or
 * a segwit address (BIP 173 bech32 for version 0 with a 20 or 32 byte program, BIP 350 bech32m for
 * versions 1 to 16 with a 2 to 40 byte program; taproot is version 1 with 32 bytes).
 */
function isBitcoinAddress(address: string): boolean {
  const legacy = decodeOrUndefined(() => base58check.decode(address));
  if (legacy !== undefined) return legacy.length === 21 && (legacy[0] === 0x00 || legacy[0] === 0x05);
  if (!/^bc1/i.test(address)) return false;
  const lower = address.toLowerCase();
  // One case only (BIP 173): a mixed-case address is refused.
  if (address !== lower && address !== address.toUpperCase()) return false;
  const v0 = decodeOrUndefined(() => bech32.decode(lower as `${string}1${string}`, 90));
  if (v0 !== undefined) {
    if (v0.prefix !== 'bc' || v0.words[0] !== 0) return false;
    const program = decodeOrUndefined(() => bech32.fromWords(v0.words.slice(1)));
    return program !== undefined && (program.length === 20 || program.length === 32);
  }
  const v1 = decodeOrUndefined(() => bech32m.decode(lower as `${string}1${string}`, 90));
  if (v1 === undefined || v1.prefix !== 'bc') return false;
  const version = v1.words[0] as number;
  if (version < 1 || version > 16) return false;
  const program = decodeOrUndefined(() => bech32m.fromWords(v1.words.slice(1)));
  if (program === undefined || program.length < 2 || program.length > 40) return false;
  return version !== 1 || program.length === 32;
}

function decodeOrUndefined<Value>(decode: () => Value): Value | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}

/** The networks a coin address is checked for. ETH coins and ERC20 tokens share Ethereum addresses. */
const NETWORKS: Record<string, (address: string) => boolean> = {
  TRC20: isTronAddress,
  ERC20: isEthereumAddress,
  ETH: isEthereumAddress,
  BTC: isBitcoinAddress,
};

export function isKnownNetwork(network: string): boolean {
  return Object.hasOwn(NETWORKS, network.toUpperCase());
}

/** Whether an address is valid on a network; an unknown network accepts nothing. */
export function isValidCoinAddress(network: string, address: string): boolean {
  const check = NETWORKS[network.toUpperCase()];
  return check?.(address) ?? false;
}

/** A SWIFT/BIC as stored: upper-case, without spaces; undefined when it is not a well-formed BIC. */
export function normalizedBic(input: string): string | undefined {
  const bic = input.replace(/\s+/g, '').toUpperCase();
  return isValidBIC(bic) ? bic : undefined;
}

/**
 * A payee account as stored. When it looks like an IBAN (two letters of a country with IBANs, then
 * two check digits) it must be one, checksum included, and is stored in its electronic form;
 * anything else (a local account number) is kept as typed. Undefined: an IBAN that fails its check.
 */
export function normalizedPayeeAccount(input: string): string | undefined {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}/.test(compact)) return input.trim();
  const iban = electronicFormatIBAN(compact) ?? compact;
  return isValidIBAN(iban) ? iban : undefined;
}
