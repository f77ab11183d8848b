import { LegalCurrent, LegalText, LegalTextQuery } from '@meridian/contract/legal';
import { StaffEmptyRequest } from '@meridian/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { queryRoute, type RouteGroup } from '../../http/route-schemas';
import * as service from './legal.service';

const tags = ['legal'];
const withoutToken: RouteGroup = { tags };

/** The terms and the risk warning for the sign-up form and its links (no sign-in needed). */
export const legalRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get('/api/legal/current', queryRoute(withoutToken, StaffEmptyRequest, LegalCurrent), async (request) =>
    ok(request, await service.currentLegal(context, request.lang)),
  );

  app.get('/api/legal/text', queryRoute(withoutToken, LegalTextQuery, LegalText), async (request) =>
    ok(request, await service.legalText(context, request.query, request.lang)),
  );
};
