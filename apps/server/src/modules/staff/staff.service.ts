import type { Staff, StaffLoginRequest, StaffRole } from '@meridian/contract/staff';
import { hasInvisibleCharacters, normalizeDisplayName } from '@meridian/domain/display-name';
import { type StaffPermission, staffMay } from '@meridian/domain/staff-roles';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Rejection, SessionInvalid } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import {
  type ClientInfo,
  hashPassword,
  hashToken,
  newSessionToken,
  normalizeEmail,
  tokenFromHeader,
  verifyDummyPassword,
  verifyPassword,
} from '../auth/auth.public';
import { recordAudit, type StaffActor } from './audit';
import { acceptedTotpStep, normalizeRecoveryCode } from './second-factor';
import * as repository from './staff.repository';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** The signed-in staff member of a back-office request. */
export type AuthenticatedStaff = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: number;
  address: string | null;
};

export function staffView(staff: { id: number; email: string; name: string; role: string }): Staff {
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role as StaffRole };
}

export function actorOf(staff: AuthenticatedStaff): StaffActor {
  return { staffId: staff.id, address: staff.address };
}

/**
 * A staff member's name as it will be stored. Customers read agents' names in the chat, so a name
 * with a bidi control or an invisible character is refused with a message (a U+202E would turn the
 * text around it), not quietly cleaned: whoever typed it is told. Every way a name is set (the back
 * office, the command line, any later rename) goes through here.
 */
export function staffNameToStore(name: string): string {
  if (hasInvisibleCharacters(name)) throw new Rejection('validation.staff_name_invisible');
  // The canonical form of a shown name (NFKC, one blank between words), as traders' names.
  return normalizeDisplayName(name);
}

/**
 * Creates a staff account: the command-line tool gives a password; the back office's admins give
 * none, and the new member chooses it on the enrolment page (an empty hash matches no password).
 */
export async function createStaff(
  db: DbOrTx,
  input: { email: string; name: string; role: StaffRole; password?: string; at: Date },
  actor: StaffActor | null,
): Promise<Staff> {
  const email = normalizeEmail(input.email);
  const name = staffNameToStore(input.name);
  const passwordHash = input.password === undefined ? '' : await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await repository.insertStaff(tx, {
        email,
        name,
        role: input.role,
        passwordHash,
        createdAt: input.at,
      });
      await recordAudit(tx, actor, {
        action: 'staff.create',
        target: `staff:${row.id}`,
        details: {
          before: null,
          after: { email, name: row.name, role: input.role, active: true },
          password: input.password === undefined ? 'chosen_at_enrolment' : 'set_by_command_line',
        },
        at: input.at,
      });
      return staffView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'staff_accounts_email_unique'))
      throw new Rejection('error.already_registered');
    throw error;
  }
}

type SecondFactor = 'totp' | 'recovery_code';
type SecondFactorFailure =
  | 'not_enrolled'
  | 'no_code'
  | 'wrong_code'
  | 'replayed_code'
  | 'wrong_recovery_code';

/**
 * Checks and spends the second factor inside the sign-in's transaction: a TOTP code of a step later
 * than the last accepted one (an earlier or equal step is a replay), or an unused recovery code.
 */
async function spendSecondFactor(
  tx: DbOrTx,
  staff: repository.StaffRow,
  input: StaffLoginRequest,
  now: Date,
): Promise<SecondFactor | SecondFactorFailure> {
  if (!staff.totpSecret || !staff.totpEnabledAt) return 'not_enrolled';
  if (input.code !== undefined) {
    const step = acceptedTotpStep(staff.totpSecret, input.code, now);
    if (step === null) return 'wrong_code';
    return (await repository.advanceTotpStep(tx, staff.id, step)) ? 'totp' : 'replayed_code';
  }
  if (input.recovery_code !== undefined) {
    const codeHash = hashToken(normalizeRecoveryCode(input.recovery_code));
    return (await repository.spendRecoveryCode(tx, staff.id, codeHash, now))
      ? 'recovery_code'
      : 'wrong_recovery_code';
  }
  return 'no_code';
}

type LoginDetails = { email: string; reason: string; address: string | null };

/** Every sign-in attempt that did not open a session is in the audit log, with its reason and address. */
async function auditRefusedLogin(
  context: ServerContext,
  staff: repository.StaffRow | undefined,
  details: LoginDetails,
): Promise<void> {
  await recordAudit(context.db, staff ? { staffId: staff.id, address: details.address } : null, {
    action: 'staff.login_failed',
    target: staff ? `staff:${staff.id}` : null,
    details,
    at: context.clock.now(),
  });
}

async function refuseLogin(
  context: ServerContext,
  staff: repository.StaffRow | undefined,
  details: LoginDetails,
  accountKey: string,
  key: 'error.login_failed' | 'error.staff_second_factor' | 'error.staff_not_enrolled',
): Promise<never> {
  await auditRefusedLogin(context, staff, details);
  await context.limits.staffLoginFailuresPerAccount.hit(accountKey);
  throw new Rejection(key);
}

/**
 * Runs a limit's check; when it refuses (the address's attempts or the account's lock-out are
 * spent), the refusal is audited like any other failed attempt before it is answered. The account
 * is looked up only then, to name it in the entry (no password is checked).
 */
async function checkLimit(
  context: ServerContext,
  check: () => Promise<void>,
  details: LoginDetails,
): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof Rejection) {
      await auditRefusedLogin(context, await repository.findStaffByEmail(context.db, details.email), details);
    }
    throw error;
  }
}

/**
 * Staff login: the password and a second factor (a TOTP code or a one-time recovery code). The same
 * protections as a customer's (per-address limit of attempts that did not succeed, a lockout per account after
 * `staffLoginFailuresMax` failures of either factor, one message for an unknown account, a wrong
 * password or a disabled account, a dummy hash so timing tells nothing). Every attempt is audited.
 */
export async function staffLogin(
  context: ServerContext,
  input: StaffLoginRequest,
  client: ClientInfo,
): Promise<{ token: string; staff: Staff }> {
  const email = normalizeEmail(input.email);
  const accountKey = `staff:${email}`;
  const details = { email, address: client.address };
  const limits = context.limits;
  await checkLimit(context, () => limits.staffLoginsPerAddress.hit(client.address), {
    ...details,
    reason: 'address_limited',
  });
  await checkLimit(context, () => limits.staffLoginFailuresPerAccount.ensureOpen(accountKey), {
    ...details,
    reason: 'locked_out',
  });
  const now = context.clock.now();
  const staff = await repository.findStaffByEmail(context.db, email);
  let passwordOk = false;
  // An account made in the back office has no password until its enrolment (an empty hash).
  if (staff && staff.passwordHash !== '')
    passwordOk = await verifyPassword(staff.passwordHash, input.password);
  else await verifyDummyPassword(input.password);
  if (!staff || !passwordOk || !staff.active) {
    const reason = !staff ? 'unknown_account' : !passwordOk ? 'wrong_password' : 'inactive';
    return refuseLogin(context, staff, { ...details, reason }, accountKey, 'error.login_failed');
  }
  const token = newSessionToken();
  const factor = await context.db.transaction(async (tx) => {
    const spent = await spendSecondFactor(tx, staff, input, now);
    if (spent !== 'totp' && spent !== 'recovery_code') return spent;
    await repository.insertStaffSession(tx, {
      staffId: staff.id,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SERVER_LIMITS.staffSessionTtlHours * HOUR_MS),
      address: client.address,
      userAgent: client.userAgent?.slice(0, SERVER_LIMITS.userAgentLengthMax) ?? null,
    });
    await recordAudit(
      tx,
      { staffId: staff.id, address: client.address },
      { action: 'staff.login', target: `staff:${staff.id}`, details: { factor: spent }, at: now },
    );
    return spent;
  });
  if (factor !== 'totp' && factor !== 'recovery_code') {
    const key = factor === 'not_enrolled' ? 'error.staff_not_enrolled' : 'error.staff_second_factor';
    return refuseLogin(context, staff, { ...details, reason: factor }, accountKey, key);
  }
  await limits.staffLoginFailuresPerAccount.reset(accountKey);
  // A sign-in that worked gives its attempt back: only failures use up the address's allowance.
  await limits.staffLoginsPerAddress.refund(client.address);
  return { token, staff: staffView(staff) };
}

/**
 * The staff member of a token. Unknown, revoked, expired, or of a disabled account: SessionInvalid
 * (999, as for customers). A customer's token is unknown here: the two kinds never mix.
 */
export async function authenticateStaff(
  context: ServerContext,
  header: string | undefined,
  address: string | null,
): Promise<AuthenticatedStaff> {
  const token = tokenFromHeader(header);
  if (!token) throw new SessionInvalid();
  const found = await repository.findStaffSessionByTokenHash(context.db, hashToken(token));
  const now = context.clock.now();
  const idleMs = found ? now.getTime() - found.session.lastSeenAt.getTime() : 0;
  if (
    !found?.staff.active ||
    found.session.revokedAt !== null ||
    found.session.expiresAt.getTime() <= now.getTime() ||
    idleMs >= SERVER_LIMITS.staffSessionIdleMinutes * MINUTE_MS
  ) {
    throw new SessionInvalid();
  }
  const { session, staff } = found;
  // The last use is written at most once a minute, so the idle timeout may end a session up to a
  // minute early; never late.
  if (idleMs >= SERVER_LIMITS.staffSessionTouchIntervalSeconds * 1000) {
    await repository.touchStaffSession(context.db, session.id, now);
  }
  return { ...staffView(staff), sessionId: session.id, address };
}

export async function staffLogout(context: ServerContext, staff: AuthenticatedStaff): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await repository.revokeStaffSession(tx, staff.sessionId, now);
    await recordAudit(tx, actorOf(staff), { action: 'staff.logout', target: `staff:${staff.id}`, at: now });
  });
}

/** Refuses (and audits the refusal) when the staff member's role lacks the permission. */
export async function requirePermission(
  context: ServerContext,
  staff: AuthenticatedStaff,
  permission: StaffPermission,
): Promise<void> {
  if (staffMay(staff.role, permission)) return;
  await recordAudit(context.db, actorOf(staff), {
    action: 'staff.forbidden',
    target: null,
    details: { permission },
    at: context.clock.now(),
  });
  throw new Rejection('error.staff_forbidden');
}
