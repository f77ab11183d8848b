import { emptyData } from '@meridian/contract/envelope';
import {
  DrawCurrencyList,
  DrawRequest,
  DrawSymbolQuery,
  WithdrawListQuery,
  WithdrawPage,
  WithdrawRecord,
} from '@meridian/contract/funds';
import {
  BindDrawMethodRequest,
  DeleteDrawMethodRequest,
  DrawMethod,
  DrawMethodList,
  DrawMethodQuery,
} from '@meridian/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute, type RouteGroup } from '../../http/route-schemas';
import { userOf } from '../auth/auth.public';
import * as channels from './channels.service';
import * as wallet from './wallet.service';
import * as service from './withdrawals.service';

const withdrawalCalls: RouteGroup = { tags: ['funds'], token: true };
const walletCalls: RouteGroup = { tags: ['wallet'], token: true };

/** The withdrawal calls of spec section 7. */
export const withdrawalRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/api/account/draw_symbol_list',
    queryRoute(withdrawalCalls, DrawSymbolQuery, DrawCurrencyList),
    async (request) => ok(request, await channels.drawSymbols(context, request.query.type)),
  );

  app.post('/api/account/draw', bodyRoute(withdrawalCalls, DrawRequest, WithdrawRecord), async (request) =>
    ok(request, await service.requestWithdrawal(context, userOf(request), request.body, request.lang)),
  );

  app.get(
    '/api/account/draw_list',
    queryRoute(withdrawalCalls, WithdrawListQuery, WithdrawPage),
    async (request) =>
      ok(request, await service.listWithdrawals(context, userOf(request), request.query, request.lang)),
  );
};

/** The wallet's calls of spec section 7: the customer's withdraw methods. */
export const walletRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get(
    '/api/wallet/get_draw_method',
    queryRoute(walletCalls, DrawMethodQuery, DrawMethodList),
    async (request) => ok(request, await wallet.listMethods(context, userOf(request), request.query)),
  );

  app.post(
    '/api/wallet/bind_draw_method',
    bodyRoute(walletCalls, BindDrawMethodRequest, DrawMethod),
    async (request) => ok(request, await wallet.bindMethod(context, userOf(request), request.body)),
  );

  app.post(
    '/api/wallet/del_draw_method',
    bodyRoute(walletCalls, DeleteDrawMethodRequest, emptyData),
    async (request) => {
      await wallet.deleteMethod(context, userOf(request), request.body.id);
      return ok(request, {});
    },
  );
};
