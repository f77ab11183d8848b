import { LIMITS } from '@meridian/contract/limits';
import type { Staff, StaffLoginRequest, StaffRole } from '@meridian/contract/staff';
import { type StaffPermission, staffMay } from '@meridian/domain/staff-roles';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Rejection, SessionInvalid } from '../../http/errors';
import { newSessionToken, normalizeEmail } from '../auth/identifiers';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../auth/passwords';
import { type ClientInfo, hashToken, tokenFromHeader } from '../auth/sessions.service';
import { recordAudit, type StaffActor } from './audit';
import * as repository from './staff.repository';

const HOUR_MS = 60 * 60 * 1000;
const USER_AGENT_LENGTH_MAX = 500;

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

/** Creates a staff account (the command-line tool; later the back office's admins). */
export async function createStaff(
  db: DbOrTx,
  input: { email: string; name: string; role: StaffRole; password: string; at: Date },
  actor: StaffActor | null,
): Promise<Staff> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await repository.insertStaff(tx, {
        email,
        name: input.name,
        role: input.role,
        passwordHash,
        createdAt: input.at,
      });
      await recordAudit(tx, actor, {
        action: 'staff.create',
        target: `staff:${row.id}`,
        details: { email, role: input.role },
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

/**
 * Staff login: the same protections as a customer's (per-address and per-account failure limits,
 * one message for an unknown account, a wrong password or a disabled account, a dummy hash so
 * timing tells nothing). Every attempt is audited, failures included.
 */
export async function staffLogin(
  context: ServerContext,
  input: StaffLoginRequest,
  client: ClientInfo,
): Promise<{ token: string; staff: Staff }> {
  await context.limits.staffLoginsPerAddress.hit(client.address);
  const email = normalizeEmail(input.email);
  const accountKey = `staff:${email}`;
  await context.limits.loginFailuresPerAccount.ensureOpen(accountKey);
  const now = context.clock.now();
  const staff = await repository.findStaffByEmail(context.db, email);
  let passwordOk = false;
  if (staff) passwordOk = await verifyPassword(staff.passwordHash, input.password);
  else await verifyDummyPassword(input.password);
  if (!staff || !passwordOk || !staff.active) {
    const reason = !staff ? 'unknown_account' : !passwordOk ? 'wrong_password' : 'inactive';
    await recordAudit(context.db, staff ? { staffId: staff.id, address: client.address } : null, {
      action: 'staff.login_failed',
      target: staff ? `staff:${staff.id}` : null,
      details: { email, reason, address: client.address },
      at: now,
    });
    await context.limits.loginFailuresPerAccount.hit(accountKey);
    throw new Rejection('error.login_failed');
  }
  await context.limits.loginFailuresPerAccount.reset(accountKey);
  const token = newSessionToken();
  await context.db.transaction(async (tx) => {
    await repository.insertStaffSession(tx, {
      staffId: staff.id,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + LIMITS.staffSessionTtlHours * HOUR_MS),
      address: client.address,
      userAgent: client.userAgent?.slice(0, USER_AGENT_LENGTH_MAX) ?? null,
    });
    await recordAudit(
      tx,
      { staffId: staff.id, address: client.address },
      {
        action: 'staff.login',
        target: `staff:${staff.id}`,
        at: now,
      },
    );
  });
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
  if (
    !found?.staff.active ||
    found.session.revokedAt !== null ||
    found.session.expiresAt.getTime() <= now.getTime()
  ) {
    throw new SessionInvalid();
  }
  const { session, staff } = found;
  if (now.getTime() - session.lastSeenAt.getTime() >= LIMITS.sessionTouchIntervalSeconds * 1000) {
    const expiresAt = new Date(now.getTime() + LIMITS.staffSessionTtlHours * HOUR_MS);
    await repository.touchStaffSession(context.db, session.id, now, expiresAt);
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
