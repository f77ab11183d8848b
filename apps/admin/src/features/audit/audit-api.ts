import type { AuditActionKind } from '@meridian/contract/audit-actions';
import type { AuditEntry } from '@meridian/contract/back-office';
import type { SortOrder } from '@meridian/contract/list-sort';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

export type AuditFilter = {
  staff_id?: number;
  action?: string;
  target?: string;
  kind?: AuditActionKind;
  /** UTC days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  /** The server's sort (list-sort.ts); absent: newest first. */
  sort?: string | undefined;
  order?: SortOrder | undefined;
  page: number;
  limit: number;
};

type AuditPage = { list: AuditEntry[]; total: number; page: number; limit: number };

/** GET /admin/api/audit: a page of the audit log, newest first. */
export function useAudit(filter: AuditFilter) {
  return useQuery({
    queryKey: ['audit', filter],
    queryFn: () => adminApi<AuditPage>('GET', '/audit', filter),
    placeholderData: keepPreviousData,
  });
}
