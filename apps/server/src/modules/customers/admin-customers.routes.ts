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
import { asUserId } from '@meridian/domain/ids';
import { staffRoutesWith } from '../../http/back-office-group';
import { namingCustomer } from '../../http/customer-id';
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
    service.customerDetail(context, staff, asUserId(id)),
  ),
  readers.get(
    '/customers/ledger',
    CustomerLedgerQuery,
    CustomerLedgerPage,
    (context, staff, query, { lang }) => service.customerLedger(context, staff, namingCustomer(query), lang),
  ),
  readers.get('/customers/orders', CustomerOrdersQuery, CustomerOrdersPage, (context, staff, query) =>
    service.customerOrders(context, staff, namingCustomer(query)),
  ),
  readers.get('/customers/notes', CustomerIdQuery, CustomerNoteList, (context, staff, { id }) =>
    service.customerNotes(context, staff, asUserId(id)),
  ),
  noteWriters.post('/customers/notes/add', AddCustomerNoteRequest, CustomerNote, (context, staff, body) =>
    service.addCustomerNote(context, staff, namingCustomer(body)),
  ),
  managers.post('/customers/disable', DisableLoginRequest, CustomerLoginState, (context, staff, body) =>
    service.disableLogin(context, staff, namingCustomer(body)),
  ),
  managers.post('/customers/enable', CustomerIdRequest, CustomerLoginState, (context, staff, { id }) =>
    service.enableLogin(context, staff, asUserId(id)),
  ),
  managers.post(
    '/customers/revoke_sessions',
    CustomerIdRequest,
    CustomerLoginState,
    (context, staff, { id }) => service.revokeSessions(context, staff, asUserId(id)),
  ),
]);
