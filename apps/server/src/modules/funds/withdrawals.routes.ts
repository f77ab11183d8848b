import { emptyData, envelope } from '@meridian/contract/envelope';
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
import { userOf } from '../auth/auth.public';
import * as channels from './channels.service';
import * as wallet from './wallet.service';
import * as service from './withdrawals.service';

const security = [{ token: [] }];

/** The withdrawal calls of spec section 7. */
export const withdrawalRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  const tags = ['funds'];
  app.get(
    '/api/account/draw_symbol_list',
    {
      schema: { tags, security, querystring: DrawSymbolQuery, response: { 200: envelope(DrawCurrencyList) } },
    },
    async (request) => ok(request, await channels.drawSymbols(context, request.query.type)),
  );

  app.post(
    '/api/account/draw',
    { schema: { tags, security, body: DrawRequest, response: { 200: envelope(WithdrawRecord) } } },
    async (request) =>
      ok(request, await service.requestWithdrawal(context, userOf(request), request.body, request.lang)),
  );

  app.get(
    '/api/account/draw_list',
    { schema: { tags, security, querystring: WithdrawListQuery, response: { 200: envelope(WithdrawPage) } } },
    async (request) =>
      ok(request, await service.listWithdrawals(context, userOf(request), request.query, request.lang)),
  );
};

/** The wallet's calls of spec section 7: the customer's withdraw methods. */
export const walletRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  const tags = ['wallet'];
  app.get(
    '/api/wallet/get_draw_method',
    { schema: { tags, security, querystring: DrawMethodQuery, response: { 200: envelope(DrawMethodList) } } },
    async (request) => ok(request, await wallet.listMethods(context, userOf(request), request.query)),
  );

  app.post(
    '/api/wallet/bind_draw_method',
    { schema: { tags, security, body: BindDrawMethodRequest, response: { 200: envelope(DrawMethod) } } },
    async (request) => ok(request, await wallet.bindMethod(context, userOf(request), request.body)),
  );

  app.post(
    '/api/wallet/del_draw_method',
    { schema: { tags, security, body: DeleteDrawMethodRequest, response: { 200: envelope(emptyData) } } },
    async (request) => {
      await wallet.deleteMethod(context, userOf(request), request.body.id);
      return ok(request, {});
    },
  );
};
