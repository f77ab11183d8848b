import { randomBytes, randomInt } from 'node:crypto';
import { LIMITS } from '@meridian/contract/limits';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { SERVER_LIMITS } from '../../limits';

/** Letters and digits without look-alikes (0/O, 1/I/L), so an invite code read aloud or typed works. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  let code = '';
  for (let index = 0; index < LIMITS.inviteCodeLength; index += 1) {
    code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  }
  return code;
}

/** Invite codes are kept upper case and matched without regard to case. */
export function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The public user number: random (it reveals nothing about how many users exist), never starting with 0. */
export function newUid(): string {
  const low = 10 ** (LIMITS.uidDigits - 1);
  return String(randomInt(low, low * 10));
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An opaque session token with SERVER_LIMITS.sessionTokenBytes of randomness. */
export function newSessionToken(): string {
  return randomBytes(SERVER_LIMITS.sessionTokenBytes).toString('base64url');
}

/**
 * A mobile number as stored and matched: its national significant number, so that the same phone
 * typed with or without the national trunk prefix (Taiwan 0912..., 912...) is one account. Numbers
 * are not refused for failing the country's numbering plan: the code sent to them is the proof.
 */
export function nationalMobileNumber(digits: string, countryCode: string): string {
  const parsed = parsePhoneNumberFromString(digits, countryCode as CountryCode);
  return parsed?.nationalNumber ?? digits;
}

/**
 * The calling code (`+852`) and, when its numbering plan tells, the country of a number in
 * international form (`+85291234567`); undefined for anything else.
 */
export function internationalNumberArea(
  number: string,
): { globalCode: string; country: string | undefined } | undefined {
  if (!number.startsWith('+')) return undefined;
  const parsed = parsePhoneNumberFromString(number);
  if (!parsed) return undefined;
  return { globalCode: `+${parsed.countryCallingCode}`, country: parsed.country };
}
