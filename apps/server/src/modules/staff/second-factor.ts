import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { SERVER_LIMITS } from '../../limits';

/** The issuer an authenticator app shows beside the staff member's e-mail. */
const TOTP_ISSUER = 'Meridian back office';
const TOTP_ALGORITHM = 'SHA1';

/** A fresh TOTP secret (160 bits, RFC 4226's recommended length), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: SERVER_LIMITS.totpDigits,
    period: SERVER_LIMITS.totpStepSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app reads from the enrolment screen's QR code. */
export function otpauthUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The 30-second step a moment falls in. */
function totpStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / SERVER_LIMITS.totpStepSeconds);
}

/**
 * The step of a code valid at `at` (within the window either side), or null. The caller refuses a
 * step at or before the last accepted one: that is a replay.
 */
export function acceptedTotpStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpOf(secretBase32, 'check').validate({
    token: code,
    timestamp: at.getTime(),
    window: SERVER_LIMITS.totpWindowSteps,
  });
  return delta === null ? null : totpStepAt(at) + delta;
}

/** A recovery code as shown once: 16 hex digits (64 bits) in groups of four. */
export function newRecoveryCode(): string {
  const digits = randomBytes(8).toString('hex');
  return digits.match(/.{4}/g)?.join('-') ?? digits;
}

/** A recovery code as typed, in its stored form: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[^0-9a-f]/g, '');
}
