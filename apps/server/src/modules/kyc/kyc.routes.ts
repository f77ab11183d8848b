import { RealNameCenter, RealNameRequest } from '@meridian/contract/kyc';
import { NoQuery } from '@meridian/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute, type RouteGroup } from '../../http/route-schemas';
import { userOf } from '../auth/auth.public';
import * as service from './kyc.service';

const tags = ['real-name'];
const withToken: RouteGroup = { tags, token: true };

export const kycRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get('/api/user_real/center', queryRoute(withToken, NoQuery, RealNameCenter), async (request) =>
    ok(request, await service.getCenter(context, userOf(request))),
  );

  app.post(
    '/api/user_real/real_name',
    bodyRoute(withToken, RealNameRequest, RealNameCenter),
    async (request) => ok(request, await service.submit(context, userOf(request), request.body)),
  );
};
