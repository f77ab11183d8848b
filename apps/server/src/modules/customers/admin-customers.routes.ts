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
import { envelope } from '@meridian/contract/envelope';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import * as service from './customers.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const readers = rolesWith('customers.read');
const noteWriters = rolesWith('customers.note');
const managers = rolesWith('customers.manage');
const tags = ['back office'];
const security = [{ token: [] }];

/** The customers' pages and login actions; mounted under /admin/api behind the staff guard. */
export const adminCustomersRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/customers/search',
    {
      config: { staffRoles: readers },
      schema: {
        tags,
        security,
        querystring: CustomerSearchQuery,
        response: { 200: envelope(CustomerSearchPage) },
      },
    },
    async (request) => ok(request, await service.searchCustomers(context, staffOf(request), request.query)),
  );

  app.get(
    '/customers/detail',
    {
      config: { staffRoles: readers },
      schema: { tags, security, querystring: CustomerIdQuery, response: { 200: envelope(CustomerDetail) } },
    },
    async (request) => ok(request, await service.customerDetail(context, staffOf(request), request.query.id)),
  );

  app.get(
    '/customers/ledger',
    {
      config: { staffRoles: readers },
      schema: {
        tags,
        security,
        querystring: CustomerLedgerQuery,
        response: { 200: envelope(CustomerLedgerPage) },
      },
    },
    async (request) =>
      ok(request, await service.customerLedger(context, staffOf(request), request.query, request.lang)),
  );

  app.get(
    '/customers/orders',
    {
      config: { staffRoles: readers },
      schema: {
        tags,
        security,
        querystring: CustomerOrdersQuery,
        response: { 200: envelope(CustomerOrdersPage) },
      },
    },
    async (request) => ok(request, await service.customerOrders(context, staffOf(request), request.query)),
  );

  app.get(
    '/customers/notes',
    {
      config: { staffRoles: readers },
      schema: { tags, security, querystring: CustomerIdQuery, response: { 200: envelope(CustomerNoteList) } },
    },
    async (request) => ok(request, await service.customerNotes(context, staffOf(request), request.query.id)),
  );

  app.post(
    '/customers/notes/add',
    {
      config: { staffRoles: noteWriters },
      schema: { tags, security, body: AddCustomerNoteRequest, response: { 200: envelope(CustomerNote) } },
    },
    async (request) => ok(request, await service.addCustomerNote(context, staffOf(request), request.body)),
  );

  app.post(
    '/customers/disable',
    {
      config: { staffRoles: managers },
      schema: { tags, security, body: DisableLoginRequest, response: { 200: envelope(CustomerLoginState) } },
    },
    async (request) => ok(request, await service.disableLogin(context, staffOf(request), request.body)),
  );

  app.post(
    '/customers/enable',
    {
      config: { staffRoles: managers },
      schema: { tags, security, body: CustomerIdRequest, response: { 200: envelope(CustomerLoginState) } },
    },
    async (request) => ok(request, await service.enableLogin(context, staffOf(request), request.body.id)),
  );

  app.post(
    '/customers/revoke_sessions',
    {
      config: { staffRoles: managers },
      schema: { tags, security, body: CustomerIdRequest, response: { 200: envelope(CustomerLoginState) } },
    },
    async (request) => ok(request, await service.revokeSessions(context, staffOf(request), request.body.id)),
  );
};
