import type { StaffRole } from '@meridian/contract/staff';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { recordAudit } from './audit';
import { type ProposalHandlers, targetId } from './proposal-handlers';
import * as repository from './staff.repository';
import { createStaff } from './staff.service';
import { enrolmentPath, issueEnrolment } from './staff-enrolment.service';

// The back office's own proposals: a promotion to admin, and an admin account
// made. Both give someone every power, so both wait for a second admin.

const HOUR_MS = 60 * 60 * 1000;

/** The target of an admin account still to be made: its e-mail (there is no id yet). */
export const newAdminTarget = (email: string) => `staff_email:${email}`;

export const staffProposalHandlers: ProposalHandlers = {
  staff_role: {
    async current(tx, target) {
      const id = targetId(target);
      const row = id === undefined ? undefined : await repository.lockStaffById(tx, id);
      return row ? { role: row.role } : undefined;
    },
    async apply(_context, tx, change, approver) {
      const id = targetId(change.target);
      const before = id === undefined ? undefined : await repository.lockStaffById(tx, id);
      const role = change.after.role;
      if (!before || role === undefined)
        throw new Error(`staff_role proposal ${change.proposalId} has no target`);
      await repository.setStaffRole(tx, before.id, role);
      await recordAudit(tx, approver, {
        action: 'staff.role',
        target: `staff:${before.id}`,
        details: { before: { role: before.role }, after: { role }, proposal_id: change.proposalId },
        at: change.at,
      });
      return {};
    },
  },
  staff_create: {
    async current(tx, target) {
      const email = target.slice(target.indexOf(':') + 1);
      const taken: Record<string, string> = (await repository.findStaffByEmail(tx, email)) ? { email } : {};
      return taken;
    },
    async apply(_context, tx, change, approver) {
      const { email, name, role } = change.after;
      if (email === undefined || name === undefined || role === undefined)
        throw new Error(`staff_create proposal ${change.proposalId} lacks a field`);
      const created = await createStaff(
        tx,
        { email, name, role: role as StaffRole, at: change.at },
        approver,
      );
      const token = await issueEnrolment(tx, created.id, change.at, approver);
      const expiresAt = new Date(change.at.getTime() + SERVER_LIMITS.staffEnrolmentTtlHours * HOUR_MS);
      return { enrolment: { path: enrolmentPath(token), expiresAt: expiresAt.toISOString() } };
    },
  },
};

/** An admin account may be proposed only for an e-mail no account has. */
export async function refuseTakenEmail(tx: Parameters<typeof repository.findStaffByEmail>[0], email: string) {
  if (await repository.findStaffByEmail(tx, email)) throw new Rejection('error.already_registered');
}
