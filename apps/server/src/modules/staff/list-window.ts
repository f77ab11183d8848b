import type { AuditAction } from '@meridian/contract/audit-actions';
import { LIMITS } from '@meridian/contract/limits';
import type { SortOrder } from '@meridian/contract/list-sort';
import type { AuditEntry } from './audit';

/** What every paginated staff list call reads besides its filters (list-sort.ts). */
export type ListWindowQuery<Key extends string> = {
  page: number;
  limit: number;
  sort?: Key | undefined;
  order?: SortOrder | undefined;
  export?: '0' | '1' | undefined;
};

/** The rows one call answers: a page, or for an export the whole list from its first row up to the cap. */
export type ListWindow<Key extends string> = {
  offset: number;
  limit: number;
  exporting: boolean;
  /** Absent: the list's own order (work queues oldest first, history newest first). */
  sort: { key: Key; order: SortOrder } | undefined;
};

export function listWindow<Key extends string>(query: ListWindowQuery<Key>): ListWindow<Key> {
  const exporting = query.export === '1';
  return {
    offset: exporting ? 0 : (query.page - 1) * query.limit,
    limit: exporting ? LIMITS.listExportRowsMax : query.limit,
    exporting,
    sort: query.sort === undefined ? undefined : { key: query.sort, order: query.order ?? 'asc' },
  };
}

/** The page and limit a list answers: the asked page, or for an export page 1 of the cap. */
export function answeredPage(window: ListWindow<string>, query: { page: number; limit: number }) {
  return window.exporting
    ? { page: 1, limit: LIMITS.listExportRowsMax }
    : { page: query.page, limit: query.limit };
}

/**
 * The audit entry of a list call: the list's own read action with the sort, or, for an export,
 * `staff.list_export` naming the list, its filters and sort, and how many rows of how many left.
 */
export function listAuditEntry(
  window: ListWindow<string>,
  entry: { action: AuditAction; list: string; target: string | null; details: Record<string, unknown> },
  counts: { rows: number; total: number },
  at: Date,
): AuditEntry {
  const sorted = window.sort ? { sort: window.sort.key, order: window.sort.order } : {};
  if (!window.exporting)
    return { action: entry.action, target: entry.target, details: { ...entry.details, ...sorted }, at };
  const { page: _page, ...filters } = entry.details;
  return {
    action: 'staff.list_export',
    target: entry.target,
    details: { list: entry.list, ...filters, ...sorted, rows: counts.rows, total: counts.total },
    at,
  };
}
