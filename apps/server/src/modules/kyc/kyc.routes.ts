import { envelope } from '@meridian/contract/envelope';
import { RealNameCenter, RealNameRequest } from '@meridian/contract/kyc';
import { NoQuery } from '@meridian/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { userOf } from '../auth/auth.public';
import * as service from './kyc.service';

const tags = ['real-name'];
const security = [{ token: [] }];

export const kycRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get(
    '/api/user_real/center',
    {
      schema: { tags, security, querystring: NoQuery, response: { 200: envelope(RealNameCenter) } },
    },
    async (request) => ok(request, await service.getCenter(context, userOf(request))),
  );

  app.post(
    '/api/user_real/real_name',
    {
      schema: { tags, security, body: RealNameRequest, response: { 200: envelope(RealNameCenter) } },
    },
    async (request) => ok(request, await service.submit(context, userOf(request), request.body)),
  );
};
