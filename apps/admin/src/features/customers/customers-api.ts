import type {
  CustomerDetail,
  CustomerLedgerPage,
  CustomerLoginState,
  CustomerNote,
  CustomerNoteList,
  CustomerOrdersPage,
  CustomerOrdersQuery,
  CustomerSearchPage,
} from '@meridian/contract/customers-staff';
import type { ListSort } from '@meridian/contract/list-sort';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

export type OrderTab = CustomerOrdersQuery['status'];

/** Every query of one customer starts with this key: an action refreshes them all. */
export const customerKey = (id: number) => ['customers', 'customer', id] as const;

/** GET /admin/api/customers/search: every customer newest first, or those matching part of a uid, e-mail, name or mobile (audited). */
export function useCustomerSearch(q: string, page: number, limit: number, sort?: ListSort) {
  return useQuery({
    queryKey: ['customers', 'search', q, page, limit, sort?.sort, sort?.order],
    queryFn: () =>
      adminApi<CustomerSearchPage>('GET', '/customers/search', {
        q,
        page,
        limit,
        sort: sort?.sort,
        order: sort?.order,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/api/customers/detail: the customer's page (audited as customer.view). */
export function useCustomerDetail(id: number) {
  return useQuery({
    queryKey: [...customerKey(id), 'detail'],
    queryFn: () => adminApi<CustomerDetail>('GET', '/customers/detail', { id }),
  });
}

/**
 * One page of a customer's paginated list (`/customers/<part>`), in its own order or sorted by the
 * server; `filter` holds the list's own fields (its key holds their values in the same order).
 */
function useCustomerListPage<Page>(
  id: number,
  part: 'ledger' | 'orders',
  filter: Record<string, string>,
  paging: { page: number; limit: number; sort?: ListSort | undefined },
  enabled: boolean,
) {
  const { page, limit, sort } = paging;
  return useQuery({
    queryKey: [...customerKey(id), part, ...Object.values(filter), page, limit, sort?.sort, sort?.order],
    queryFn: () =>
      adminApi<Page>('GET', `/customers/${part}`, {
        id,
        ...filter,
        page,
        limit,
        sort: sort?.sort,
        order: sort?.order,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/api/customers/ledger: the available balance's entries, newest first or sorted by the server. */
export function useCustomerLedger(
  id: number,
  page: number,
  limit: number,
  enabled: boolean,
  sort?: ListSort,
) {
  return useCustomerListPage<CustomerLedgerPage>(id, 'ledger', {}, { page, limit, sort }, enabled);
}

/** GET /admin/api/customers/orders: one tab of the customer's orders, in its own order or sorted by the server. */
export function useCustomerOrders(
  id: number,
  status: OrderTab,
  page: number,
  limit: number,
  enabled: boolean,
  sort?: ListSort,
) {
  return useCustomerListPage<CustomerOrdersPage>(id, 'orders', { status }, { page, limit, sort }, enabled);
}

/** GET /admin/api/customers/notes: staff's internal notes, newest first. */
export function useCustomerNotes(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...customerKey(id), 'notes'],
    queryFn: () => adminApi<CustomerNoteList>('GET', '/customers/notes', { id }),
    enabled,
  });
}

export function addNote(input: { id: number; body: string }) {
  return adminApi<CustomerNote>('POST', '/customers/notes/add', input);
}

export function disableLogin(input: { id: number; reason: string }) {
  return adminApi<CustomerLoginState>('POST', '/customers/disable', input);
}

export function enableLogin(input: { id: number }) {
  return adminApi<CustomerLoginState>('POST', '/customers/enable', input);
}

export function revokeSessions(input: { id: number }) {
  return adminApi<CustomerLoginState>('POST', '/customers/revoke_sessions', input);
}
