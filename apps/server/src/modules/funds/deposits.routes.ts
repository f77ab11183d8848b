import { envelope } from '@meridian/contract/envelope';
import {
  BankCurrencyList,
  CoinChannelList,
  CoinDepositRequest,
  DepositListQuery,
  DepositPage,
  DepositRecord,
  FundsEmptyQuery,
  WireDepositRequest,
  WireInfoList,
  WireInfoQuery,
} from '@meridian/contract/funds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { queryRoute, type RouteGroup } from '../../http/route-schemas';
import { userOf } from '../auth/auth.public';
import * as channels from './channels.service';
import * as service from './deposits.service';

const tags = ['funds'];
const security = [{ token: [] }];
const withToken: RouteGroup = { tags, token: true };

/**
 * The deposit calls of spec section 7. The spec writes submit and wire_submit as GET; POST takes
 * the same fields (as form or JSON), which is what a careful client sends.
 */
export const depositRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get('/api/quickCharge/info', queryRoute(withToken, FundsEmptyQuery, CoinChannelList), async (request) =>
    ok(request, await channels.coinChannels(context)),
  );

  app.get(
    '/api/quickCharge/symbols',
    queryRoute(withToken, FundsEmptyQuery, BankCurrencyList),
    async (request) => ok(request, await channels.bankCurrencies(context)),
  );

  app.get('/api/quickCharge/wire_info', queryRoute(withToken, WireInfoQuery, WireInfoList), async (request) =>
    ok(request, await channels.wireInfo(context, request.query.bank_coin)),
  );

  app.get(
    '/api/quickCharge/quick_ist',
    queryRoute(withToken, DepositListQuery, DepositPage),
    async (request) =>
      ok(request, await service.listDeposits(context, userOf(request), request.query, request.lang)),
  );

  const coinSchema = { tags, security, response: { 200: envelope(DepositRecord) } };
  app.get(
    '/api/quickCharge/submit',
    { schema: { ...coinSchema, querystring: CoinDepositRequest } },
    async (request) =>
      ok(request, await service.submitCoinDeposit(context, userOf(request), request.query, request.lang)),
  );
  app.post(
    '/api/quickCharge/submit',
    { schema: { ...coinSchema, body: CoinDepositRequest } },
    async (request) =>
      ok(request, await service.submitCoinDeposit(context, userOf(request), request.body, request.lang)),
  );

  app.get(
    '/api/quickCharge/wire_submit',
    { schema: { ...coinSchema, querystring: WireDepositRequest } },
    async (request) =>
      ok(request, await service.submitWireDeposit(context, userOf(request), request.query, request.lang)),
  );
  app.post(
    '/api/quickCharge/wire_submit',
    { schema: { ...coinSchema, body: WireDepositRequest } },
    async (request) =>
      ok(request, await service.submitWireDeposit(context, userOf(request), request.body, request.lang)),
  );
};
