import { envelope } from '@meridian/contract/envelope';
import { LegalCurrent, LegalText, LegalTextQuery } from '@meridian/contract/legal';
import { StaffEmptyRequest } from '@meridian/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import * as service from './legal.service';

const tags = ['legal'];

/** The terms and the risk warning for the sign-up form and its links (no sign-in needed). */
export const legalRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get(
    '/api/legal/current',
    { schema: { tags, querystring: StaffEmptyRequest, response: { 200: envelope(LegalCurrent) } } },
    async (request) => ok(request, await service.currentLegal(context, request.lang)),
  );

  app.get(
    '/api/legal/text',
    { schema: { tags, querystring: LegalTextQuery, response: { 200: envelope(LegalText) } } },
    async (request) => ok(request, await service.legalText(context, request.query, request.lang)),
  );
};
