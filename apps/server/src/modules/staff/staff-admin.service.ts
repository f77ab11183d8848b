import type { StaffAccount, StaffEnrolmentLink, StaffRoleOutcome } from '@meridian/contract/back-office';
import type { StaffCreateOutcome } from '@meridian/contract/proposals-staff';
import type { StaffRole } from '@meridian/contract/staff';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { recordAudit } from './audit';
import { proposeChange } from './proposals.service';
import * as repository from './staff.repository';
import { type AuthenticatedStaff, actorOf, createStaff } from './staff.service';
import { enrolmentPath, issueEnrolment } from './staff-enrolment.service';
import { newAdminTarget, refuseTakenEmail } from './staff-proposals';

const HOUR_MS = 60 * 60 * 1000;
const iso = (at: Date | null) => (at ? at.toISOString() : '');

function accountView(row: repository.StaffRow, lastSignInAt: Date | null = null): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    active: row.active,
    enrolled: row.totpEnabledAt !== null,
    enrolment_expires_at: row.enrolmentTokenHash ? iso(row.enrolmentExpiresAt) : '',
    created_at: row.createdAt.toISOString(),
    last_seen_at: iso(lastSignInAt),
  };
}

/** What the audit log keeps of an account before and after a change (never its secrets). */
function auditState(row: repository.StaffRow) {
  return { email: row.email, name: row.name, role: row.role, active: row.active };
}

async function accountOf(db: DbOrTx, id: number): Promise<repository.StaffRow> {
  const row = await repository.findStaffById(db, id);
  if (!row) throw new Rejection('error.staff_not_found');
  return row;
}

export async function listStaffAccounts(context: ServerContext): Promise<{ list: StaffAccount[] }> {
  const rows = await repository.listStaff(context.db);
  return { list: rows.map((row) => accountView(row, row.lastSignInAt)) };
}

function linkOf(row: repository.StaffRow, token: string, at: Date): StaffEnrolmentLink {
  return {
    staff: accountView(row),
    enrolment_path: enrolmentPath(token),
    expires_at: new Date(at.getTime() + SERVER_LIMITS.staffEnrolmentTtlHours * HOUR_MS).toISOString(),
  };
}

/**
 * An admin makes a staff account: no password (the new member chooses it on the enrolment page),
 * and a one-time enrolment link, answered this once. The creation and the link are in one
 * transaction: there is never an account without its link, nor a link for an account rolled back.
 * An admin account is only proposed: made, with its link for the approving
 * admin, when a second admin approves.
 */
export async function createStaffAccount(
  context: ServerContext,
  admin: AuthenticatedStaff,
  input: { email: string; name: string; role: StaffRole },
): Promise<StaffCreateOutcome> {
  const at = context.clock.now();
  return context.db.transaction(async (tx) => {
    if (input.role === 'admin') {
      await refuseTakenEmail(tx, input.email);
      const proposalId = await proposeChange(context, tx, admin, {
        kind: 'staff_create',
        target: newAdminTarget(input.email),
        targetLabel: input.email,
        before: {},
        after: { email: input.email, name: input.name, role: input.role },
      });
      return { status: 'proposed', proposal_id: proposalId, staff: null, enrolment_path: '', expires_at: '' };
    }
    const created = await createStaff(tx, { ...input, at }, actorOf(admin));
    const token = await issueEnrolment(tx, created.id, at, actorOf(admin));
    return { status: 'applied', proposal_id: 0, ...linkOf(await accountOf(tx, created.id), token, at) };
  });
}

/**
 * The one rule of every change to an admin: an admin cannot demote or disable themselves, and the
 * last active admin stays one (the active admins' rows are locked for the transaction).
 */
async function keepAnAdmin(tx: DbOrTx, admin: AuthenticatedStaff, target: repository.StaffRow) {
  if (target.id === admin.id) throw new Rejection('error.staff_self_change');
  if (target.role !== 'admin' || !target.active) return;
  const admins = await repository.lockActiveAdmins(tx);
  if (admins.filter((id) => id !== target.id).length === 0) throw new Rejection('error.staff_last_admin');
}

/**
 * Changes a member's role at once, except a promotion to admin, which is proposed
 * and applied when a second admin approves it.
 */
export async function changeStaffRole(
  context: ServerContext,
  admin: AuthenticatedStaff,
  input: { id: number; role: StaffRole },
): Promise<StaffRoleOutcome> {
  const at = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await accountOf(tx, input.id);
    if (before.role === input.role) return { ...accountView(before), status: 'applied', proposal_id: 0 };
    if (before.role === 'admin') await keepAnAdmin(tx, admin, before);
    else if (before.id === admin.id) throw new Rejection('error.staff_self_change');
    if (input.role === 'admin') {
      const proposalId = await proposeChange(context, tx, admin, {
        kind: 'staff_role',
        target: `staff:${before.id}`,
        targetLabel: `${before.name} <${before.email}>`,
        before: { role: before.role },
        after: { role: input.role },
      });
      return { ...accountView(before), status: 'proposed', proposal_id: proposalId };
    }
    await repository.setStaffRole(tx, before.id, input.role);
    const after = await accountOf(tx, before.id);
    await recordAudit(tx, actorOf(admin), {
      action: 'staff.role',
      target: `staff:${before.id}`,
      details: { before: auditState(before), after: auditState(after) },
      at,
    });
    return { ...accountView(after), status: 'applied', proposal_id: 0 };
  });
}

/** Disables an account and ends its sessions at once; enabling lets it sign in again. */
export async function setStaffAccountActive(
  context: ServerContext,
  admin: AuthenticatedStaff,
  input: { id: number; active: boolean },
): Promise<StaffAccount> {
  const at = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await accountOf(tx, input.id);
    if (before.active === input.active) return accountView(before);
    if (!input.active) await keepAnAdmin(tx, admin, before);
    await repository.setStaffActive(tx, before.id, input.active);
    const sessionsEnded = input.active ? 0 : await repository.revokeAllStaffSessions(tx, before.id, at);
    const after = await accountOf(tx, before.id);
    await recordAudit(tx, actorOf(admin), {
      action: input.active ? 'staff.enable' : 'staff.disable',
      target: `staff:${before.id}`,
      details: {
        before: auditState(before),
        after: auditState(after),
        ...(input.active ? {} : { sessions_ended: sessionsEnded }),
      },
      at,
    });
    return accountView(after);
  });
}

/**
 * A lost phone: a new enrolment link (shown once). The old secret and its unused recovery codes
 * stop working and the member's sessions end, so the account signs in only after enrolling again.
 * The password stays (the member still knows it; one never chosen is chosen on the new link).
 */
export async function reissueEnrolment(
  context: ServerContext,
  admin: AuthenticatedStaff,
  input: { id: number },
): Promise<StaffEnrolmentLink> {
  const at = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await accountOf(tx, input.id);
    if (!before.active) throw new Rejection('error.staff_inactive');
    const token = await issueEnrolment(tx, before.id, at, actorOf(admin));
    const sessionsEnded = await repository.revokeAllStaffSessions(tx, before.id, at);
    const after = await accountOf(tx, before.id);
    await recordAudit(tx, actorOf(admin), {
      action: 'staff.enrolment_reissued',
      target: `staff:${before.id}`,
      details: {
        before: { enrolled: before.totpEnabledAt !== null },
        after: { enrolled: false, link_expires_at: linkOf(after, token, at).expires_at },
        sessions_ended: sessionsEnded,
      },
      at,
    });
    return linkOf(after, token, at);
  });
}
