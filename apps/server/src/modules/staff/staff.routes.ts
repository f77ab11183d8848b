import { emptyData, envelope } from '@meridian/contract/envelope';
import {
  StaffEmptyRequest,
  StaffEnrolment,
  StaffEnrolmentQuery,
  StaffEnrolRequest,
  StaffEnrolResult,
  StaffLoginRequest,
  StaffMe,
  StaffSession,
} from '@meridian/contract/staff';
import { STAFF_ROLE_NAMES } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { priceSourceOf } from '../../feed-config';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { clientOf } from '../auth/auth.public';
import { staffOf } from './staff.guard';
import * as service from './staff.service';
import * as enrolment from './staff-enrolment.service';

/** Every staff member, whatever the role: signing out and who am I. */
const everyRole = backOfficeGroup(STAFF_ROLE_NAMES);
const tags = ['back office'];

/** Back-office sign-in, sign-out and who am I; mounted under /admin/api. */
export const staffRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.post(
    '/login',
    {
      config: { staffPublic: true },
      schema: { tags, body: StaffLoginRequest, response: { 200: envelope(StaffSession) } },
    },
    async (request) => ok(request, await service.staffLogin(context, request.body, clientOf(request))),
  );

  app.get(
    '/enrolment',
    {
      config: { staffPublic: true },
      schema: { tags, querystring: StaffEnrolmentQuery, response: { 200: envelope(StaffEnrolment) } },
    },
    async (request) =>
      ok(request, await enrolment.enrolmentInfo(context, request.query.token, clientOf(request))),
  );

  app.post(
    '/enrol',
    {
      config: { staffPublic: true },
      schema: { tags, body: StaffEnrolRequest, response: { 200: envelope(StaffEnrolResult) } },
    },
    async (request) =>
      ok(request, await enrolment.confirmEnrolment(context, request.body, clientOf(request))),
  );

  app.post('/logout', bodyRoute(everyRole, StaffEmptyRequest, emptyData), async (request) => {
    await service.staffLogout(context, staffOf(request));
    return ok(request, {});
  });

  app.get('/me', queryRoute(everyRole, StaffEmptyRequest, StaffMe), async (request) =>
    ok(request, {
      ...service.staffView(staffOf(request)),
      price_source: priceSourceOf(context.config.feeds),
    }),
  );
};
