import type { AuditAction } from '@meridian/contract/audit-actions';
import type { StaffPermission } from '@meridian/domain/staff-roles';
import type { ServerContext } from '../../context';
import { recordAudit } from './audit';
import {
  answeredPage,
  type ListWindow,
  type ListWindowQuery,
  listAuditEntry,
  listWindow,
} from './list-window';
import { type AuthenticatedStaff, actorOf, requirePermission } from './staff.service';

/** What a list's audit entry says of one call (list-window.ts turns an export's into `staff.list_export`). */
type ListAudit = {
  action: AuditAction;
  list: string;
  target: string | null;
  details: Record<string, unknown>;
};

/**
 * One staff list call, written once for every list so that none forgets a step: the permission check,
 * the window of the query, the read, then the audit entry (with the rows read and how many there are),
 * and the read answered with the page and limit it answers. `exportsOnly`: a page read is not
 * audited, only an export (the file leaves the console).
 */
export async function readAuditedList<
  Key extends string,
  Read extends { rows: readonly unknown[]; total: number },
>(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: ListWindowQuery<Key>,
  list: {
    permission: StaffPermission;
    read: (window: ListWindow<Key>) => Promise<Read>;
    audit: (read: Read) => ListAudit;
    exportsOnly?: boolean;
  },
): Promise<Read & { page: number; limit: number }> {
  await requirePermission(context, staff, list.permission);
  const window = listWindow(query);
  const read = await list.read(window);
  if (!list.exportsOnly || window.exporting) {
    const counts = { rows: read.rows.length, total: read.total };
    await recordAudit(
      context.db,
      actorOf(staff),
      listAuditEntry(window, list.audit(read), counts, context.clock.now()),
    );
  }
  return { ...read, ...answeredPage(window, query) };
}
