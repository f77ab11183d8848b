import { randomBytes } from 'node:crypto';
import { LIMITS } from '@meridian/contract/limits';
import type { StaffEnrolRequest } from '@meridian/contract/staff';
import type { z } from 'zod';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { type ClientInfo, hashPassword, hashToken, verifyPassword } from '../auth/auth.public';
import { recordAudit, type StaffActor } from './audit';
import {
  acceptedTotpStep,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUri,
} from './second-factor';
import * as repository from './staff.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Opens a staff member's TOTP enrolment: a new secret and a one-time link token that works for
 * `staffEnrolmentTtlHours`. Until the link is confirmed with a first code the account cannot sign
 * in; a former secret and its unused recovery codes stop working at once. Answers the token, which
 * is shown once (only its hash is kept).
 */
export async function issueEnrolment(
  db: DbOrTx,
  staffId: number,
  at: Date,
  actor: StaffActor | null,
): Promise<string> {
  const token = randomBytes(SERVER_LIMITS.staffEnrolmentTokenBytes).toString('base64url');
  await db.transaction(async (tx) => {
    await repository.openEnrolment(tx, staffId, {
      totpSecret: newTotpSecret(),
      enrolmentTokenHash: hashToken(token),
      enrolmentExpiresAt: new Date(at.getTime() + SERVER_LIMITS.staffEnrolmentTtlHours * HOUR_MS),
    });
    await repository.spendAllRecoveryCodes(tx, staffId, at);
    await recordAudit(tx, actor, { action: 'staff.enrolment_issued', target: `staff:${staffId}`, at });
  });
  return token;
}

/** The enrolment link's path, as the back office routes it. */
export function enrolmentPath(token: string): string {
  return `/admin/enrol?token=${encodeURIComponent(token)}`;
}

async function openEnrolmentOf(context: ServerContext, token: string) {
  const staff = await repository.findStaffByEnrolmentTokenHash(
    context.db,
    hashToken(token),
    context.clock.now(),
  );
  if (!staff?.active || !staff.totpSecret) throw new Rejection('error.staff_enrolment_invalid');
  return { ...staff, totpSecret: staff.totpSecret };
}

/**
 * An account an admin made in the back office has no password until its first enrolment: the
 * member chooses it there, so nobody else ever knows it (the command line sets one at creation).
 */
function needsPassword(staff: { passwordHash: string }): boolean {
  return staff.passwordHash === '';
}

/** What the enrolment screen shows for a valid link: the account and its otpauth:// URI. */
export async function enrolmentInfo(
  context: ServerContext,
  token: string,
  client: ClientInfo,
): Promise<{ email: string; otpauth_uri: string; secret: string; needs_password: boolean }> {
  await context.limits.staffLoginsPerAddress.hit(client.address);
  const staff = await openEnrolmentOf(context, token);
  return {
    email: staff.email,
    otpauth_uri: otpauthUri(staff.totpSecret, staff.email),
    secret: staff.totpSecret,
    needs_password: needsPassword(staff),
  };
}

/**
 * Confirms an enrolment with the password and a first code; spends the link and answers the
 * recovery codes, shown this once. A wrong password or code counts toward the account's lockout.
 * An account without a password yet takes the one sent here as its password.
 */
export async function confirmEnrolment(
  context: ServerContext,
  input: z.infer<typeof StaffEnrolRequest>,
  client: ClientInfo,
): Promise<{ recovery_codes: string[] }> {
  await context.limits.staffLoginsPerAddress.hit(client.address);
  const staff = await openEnrolmentOf(context, input.token);
  const accountKey = `staff:${staff.email}`;
  await context.limits.staffLoginFailuresPerAccount.ensureOpen(accountKey);
  const now = context.clock.now();
  const actor = { staffId: staff.id, address: client.address };
  const choosing = needsPassword(staff);
  if (choosing && input.password.length < LIMITS.staffPasswordLengthMin) {
    throw new Rejection('error.staff_password_short', { min: LIMITS.staffPasswordLengthMin });
  }
  const passwordOk = choosing || (await verifyPassword(staff.passwordHash, input.password));
  const step = passwordOk ? acceptedTotpStep(staff.totpSecret, input.code, now) : null;
  if (step === null) {
    await recordAudit(context.db, actor, {
      action: 'staff.enrol_failed',
      target: `staff:${staff.id}`,
      details: { reason: passwordOk ? 'wrong_code' : 'wrong_password', address: client.address },
      at: now,
    });
    await context.limits.staffLoginFailuresPerAccount.hit(accountKey);
    throw new Rejection(passwordOk ? 'error.staff_second_factor' : 'error.login_failed');
  }
  const codes = Array.from({ length: SERVER_LIMITS.staffRecoveryCodesCount }, newRecoveryCode);
  const confirmed = await context.db.transaction(async (tx) => {
    const spent = await repository.confirmEnrolment(tx, staff.id, hashToken(input.token), {
      totpEnabledAt: now,
      totpLastStep: step,
    });
    if (!spent) return false;
    if (choosing && !(await repository.setFirstPassword(tx, staff.id, await hashPassword(input.password)))) {
      throw new Rejection('error.staff_enrolment_invalid');
    }
    await repository.insertRecoveryCodes(
      tx,
      staff.id,
      codes.map((code) => hashToken(normalizeRecoveryCode(code))),
      now,
    );
    await recordAudit(tx, actor, {
      action: 'staff.enrolled',
      target: `staff:${staff.id}`,
      details: { password_chosen: choosing },
      at: now,
    });
    return true;
  });
  if (!confirmed) throw new Rejection('error.staff_enrolment_invalid');
  await context.limits.staffLoginFailuresPerAccount.reset(accountKey);
  return { recovery_codes: codes };
}
