import { emptyData, envelope } from '@meridian/contract/envelope';
import { Staff, StaffEmptyRequest, StaffLoginRequest, StaffSession } from '@meridian/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { clientOf } from '../auth/auth.guard';
import { staffOf } from './staff.guard';
import * as service from './staff.service';

const tags = ['back office'];
const security = [{ token: [] }];

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

  app.post(
    '/logout',
    { schema: { tags, security, body: StaffEmptyRequest, response: { 200: envelope(emptyData) } } },
    async (request) => {
      await service.staffLogout(context, staffOf(request));
      return ok(request, {});
    },
  );

  app.get(
    '/me',
    { schema: { tags, security, querystring: StaffEmptyRequest, response: { 200: envelope(Staff) } } },
    async (request) => ok(request, service.staffView(staffOf(request))),
  );
};
