import {
  AddCustomerNoteRequest,
  CustomerDetail,
  CustomerIdQuery,
  CustomerIdRequest,
  CustomerLedgerPage,
  CustomerLedgerQuery,
  CustomerLoginState,
  CustomerNote,
  CustomerNoteList,
  CustomerOrdersPage,
  CustomerOrdersQuery,
  CustomerSearchPage,
  CustomerSearchQuery,
  DisableLoginRequest,
} from '@meridian/contract/customers-staff';
import { staffRoutesWith } from '../../http/back-office-group';
import { routeTable } from '../../http/route-table';
import * as service from './customers.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const readers = staffRoutesWith('customers.read');
const noteWriters = staffRoutesWith('customers.note');
const managers = staffRoutesWith('customers.manage');

/** The customers' pages and login actions; mounted under /admin/api behind the staff guard. */
export const adminCustomersRoutes = routeTable([
  readers.get('/customers/search', CustomerSearchQuery, CustomerSearchPage, service.searchCustomers),
  readers.get('/customers/detail', CustomerIdQuery, CustomerDetail, (context, staff, { id }) =>
    service.customerDetail(context, staff, id),
  ),
  readers.get(
    '/customers/ledger',
    CustomerLedgerQuery,
    CustomerLedgerPage,
    (context, staff, query, { lang }) => service.customerLedger(context, staff, query, lang),
  ),
  readers.get('/customers/orders', CustomerOrdersQuery, CustomerOrdersPage, service.customerOrders),
  readers.get('/customers/notes', CustomerIdQuery, CustomerNoteList, (context, staff, { id }) =>
    service.customerNotes(context, staff, id),
  ),
  noteWriters.post('/customers/notes/add', AddCustomerNoteRequest, CustomerNote, service.addCustomerNote),
  managers.post('/customers/disable', DisableLoginRequest, CustomerLoginState, service.disableLogin),
  managers.post('/customers/enable', CustomerIdRequest, CustomerLoginState, (context, staff, { id }) =>
    service.enableLogin(context, staff, id),
  ),
  managers.post(
    '/customers/revoke_sessions',
    CustomerIdRequest,
    CustomerLoginState,
    (context, staff, { id }) => service.revokeSessions(context, staff, id),
  ),
]);
