import { NoQuery } from '@meridian/contract/settings';
import {
  BalanceAnswer,
  DemoResetAnswer,
  ForexChangeQuery,
  ForexDetail,
  LedgerPage,
} from '@meridian/contract/trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { queryRoute, type RouteGroup } from '../../http/route-schemas';
import { userOf } from '../auth/auth.public';
import * as service from './account.service';

const tags = ['account'];
const withToken: RouteGroup = { tags, token: true };

/** Spec section 7's account calls: balance, account detail, billing history and the demo reset. */
export const accountRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get('/v1/api/main/wallet/getBalance', queryRoute(withToken, NoQuery, BalanceAnswer), async (request) =>
    ok(request, await service.balanceOf(context, userOf(request))),
  );

  app.get('/v1/api/main/account/forexDetail', queryRoute(withToken, NoQuery, ForexDetail), async (request) =>
    ok(request, await service.forexDetail(context, userOf(request))),
  );

  app.get(
    '/v1/api/main/accountLog/forexChange',
    queryRoute(withToken, ForexChangeQuery, LedgerPage),
    async (request) =>
      ok(request, await service.forexChange(context, userOf(request), request.query, request.lang)),
  );

  app.get(
    '/v1/api/main/user/resetForexDemoAccount',
    queryRoute(withToken, NoQuery, DemoResetAnswer),
    async (request) => ok(request, await service.resetDemoAccount(context, userOf(request))),
  );
};
