/**
 * A random version 4 UUID. `crypto.randomUUID` exists only on secure pages (https or localhost);
 * `getRandomValues` exists everywhere, so the app still works when served over plain http.
 */
export function randomUuid(source: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  const bytes = source.getRandomValues(new Uint8Array(16));
  // Version 4 and the RFC 4122 variant, as in RFC 9562 section 5.4.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
