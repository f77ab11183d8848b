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
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { namingCustomer } from '../../http/customer-id';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import * as service from './customers.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const readers = backOfficeGroup(rolesWith('customers.read'));
const noteWriters = backOfficeGroup(rolesWith('customers.note'));
const managers = backOfficeGroup(rolesWith('customers.manage'));

/** The customers' pages and login actions; mounted under /admin/api behind the staff guard. */
export const adminCustomersRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/customers/search',
    queryRoute(readers, CustomerSearchQuery, CustomerSearchPage),
    async (request) => ok(request, await service.searchCustomers(context, staffOf(request), request.query)),
  );

  app.get('/customers/detail', queryRoute(readers, CustomerIdQuery, CustomerDetail), async (request) =>
    ok(request, await service.customerDetail(context, staffOf(request), asUserId(request.query.id))),
  );

  app.get(
    '/customers/ledger',
    queryRoute(readers, CustomerLedgerQuery, CustomerLedgerPage),
    async (request) =>
      ok(
        request,
        await service.customerLedger(context, staffOf(request), namingCustomer(request.query), request.lang),
      ),
  );

  app.get(
    '/customers/orders',
    queryRoute(readers, CustomerOrdersQuery, CustomerOrdersPage),
    async (request) =>
      ok(request, await service.customerOrders(context, staffOf(request), namingCustomer(request.query))),
  );

  app.get('/customers/notes', queryRoute(readers, CustomerIdQuery, CustomerNoteList), async (request) =>
    ok(request, await service.customerNotes(context, staffOf(request), asUserId(request.query.id))),
  );

  app.post(
    '/customers/notes/add',
    bodyRoute(noteWriters, AddCustomerNoteRequest, CustomerNote),
    async (request) =>
      ok(request, await service.addCustomerNote(context, staffOf(request), namingCustomer(request.body))),
  );

  app.post(
    '/customers/disable',
    bodyRoute(managers, DisableLoginRequest, CustomerLoginState),
    async (request) =>
      ok(request, await service.disableLogin(context, staffOf(request), namingCustomer(request.body))),
  );

  app.post('/customers/enable', bodyRoute(managers, CustomerIdRequest, CustomerLoginState), async (request) =>
    ok(request, await service.enableLogin(context, staffOf(request), asUserId(request.body.id))),
  );

  app.post(
    '/customers/revoke_sessions',
    bodyRoute(managers, CustomerIdRequest, CustomerLoginState),
    async (request) =>
      ok(request, await service.revokeSessions(context, staffOf(request), asUserId(request.body.id))),
  );
};
