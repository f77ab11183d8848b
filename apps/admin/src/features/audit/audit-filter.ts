import type { AuditActionKind } from '@meridian/contract/audit-actions';
import type { AuditFilter } from './audit-api';
import { detailValue as shown } from './audit-words';

/** The filter form's values, as typed. */
export type FilterForm = { staff_id?: number; action?: string; target?: string; kind?: AuditActionKind };

/**
 * The filter a search asks the server for: the form's values (blank texts as none, the others
 * trimmed) and the chosen UTC days, from the first page, keeping the page size and the sort.
 */
export function auditFilterOf(
  values: FilterForm,
  current: AuditFilter,
  days: { from?: string; to?: string },
): AuditFilter {
  return {
    page: 1,
    limit: current.limit,
    sort: current.sort,
    order: current.order,
    staff_id: values.staff_id,
    action: values.action?.trim() || undefined,
    target: values.target?.trim() || undefined,
    kind: values.kind,
    ...days,
  };
}

export type ChangeRow = { field: string; before: unknown; after: unknown; changed: boolean };

/**
 * An entry's change as rows of the before / after table: one per field of either side, marked when
 * it reads differently; values that are not records make one row of their own.
 */
export function changesOf(before: unknown, after: unknown): ChangeRow[] {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const b = asRecord(before);
  const a = asRecord(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (fields.length === 0) return [{ field: '-', before, after, changed: shown(before) !== shown(after) }];
  return fields.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: shown(b[field]) !== shown(a[field]),
  }));
}
