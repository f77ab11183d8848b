import { auditActionsOf } from '@meridian/contract/audit-actions';
import type { AuditEntry, AuditQuery } from '@meridian/contract/back-office';
import type { ServerContext } from '../../context';
import { recordAudit } from './audit';
import { answeredPage, listAuditEntry, listWindow } from './list-window';
import * as repository from './staff.repository';
import { type AuthenticatedStaff, actorOf } from './staff.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of a UTC day given as YYYY-MM-DD (the contract checked the form). */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * A page of the audit log, newest first: by staff member, action (or its prefix, `staff.`),
 * kind (changes, reads, sign-ins: the contract's list of actions), target, and UTC days from and to (both included). Reading it changes nothing; nothing edits it.
 * An export of it (the whole filtered list, for a CSV file) is audited: the file leaves the console.
 */
export async function auditPage(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: AuditQuery,
): Promise<{ list: AuditEntry[]; total: number; page: number; limit: number }> {
  const window = listWindow(query);
  const { rows, total } = await repository.listAudit(
    context.db,
    {
      staffId: query.staff_id,
      actionPrefix: query.action || undefined,
      target: query.target || undefined,
      actions: query.kind ? auditActionsOf(query.kind) : undefined,
      from: query.from ? dayStart(query.from) : undefined,
      to: query.to ? new Date(dayStart(query.to).getTime() + DAY_MS) : undefined,
    },
    { offset: window.offset, limit: window.limit, sort: window.sort },
  );
  if (window.exporting) {
    const filters = {
      staff_id: query.staff_id ?? null,
      action: query.action ?? null,
      kind: query.kind ?? null,
      target: query.target ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
    };
    const entry = { action: 'staff.list_export', list: 'audit', target: null, details: filters } as const;
    await recordAudit(
      context.db,
      actorOf(staff),
      listAuditEntry(window, entry, { rows: rows.length, total }, context.clock.now()),
    );
  }
  return {
    list: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      staff:
        row.staffId === null
          ? null
          : { id: row.staffId, name: row.staffName ?? '', email: row.staffEmail ?? '' },
      action: row.action,
      target: row.target,
      address: row.address,
      details: row.details,
    })),
    total,
    ...answeredPage(window, query),
  };
}
