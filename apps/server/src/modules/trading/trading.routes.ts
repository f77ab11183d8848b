import {
  ExecutionList,
  ExecutionQuery,
  IDEMPOTENCY_KEY_PATTERN,
  MyDealQuery,
  Order,
  OrderIdRequest,
  OrderList,
  SetStopRequest,
  SubmitOrderRequest,
} from '@meridian/contract/trading';
import { asOrderId } from '@meridian/domain/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { Rejection } from '../../http/errors';
import { bodyRoute, queryRoute, type RouteGroup } from '../../http/route-schemas';
import { userOf } from '../auth/auth.public';
import { myDeal } from './account.service';
import * as service from './trading.service';

const tags = ['trading'];
const withToken: RouteGroup = { tags, token: true };

/** The Idempotency-Key header, else the body's idempotency_key; refused when malformed. */
function idempotencyKeyOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  const header = request.headers['idempotency-key'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim() || fromBody || undefined;
  if (value !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw new Rejection('validation.idempotency_key');
  return value;
}

/** Spec section 7's forex order calls, at the paths of ARCHITECTURE.md "API". */
export const tradingRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  // When each request reached the server, before its sign-in check and body: a fill's execution
  // record keeps it. Kept aside, not on the request type, since only these routes read it.
  const arrivals = new WeakMap<FastifyRequest, Date>();
  app.addHook('onRequest', async (request) => {
    arrivals.set(request, context.clock.now());
  });
  const arrivalOf = (request: FastifyRequest) => arrivals.get(request) ?? context.clock.now();

  app.post('/v1/api/forex/submit', bodyRoute(withToken, SubmitOrderRequest, Order), async (request) => {
    const idempotencyKey = idempotencyKeyOf(request, request.body.idempotency_key);
    return ok(
      request,
      await service.submitOrder(
        context,
        userOf(request),
        { ...request.body, idempotencyKey },
        arrivalOf(request),
      ),
    );
  });

  app.get('/v1/api/forex/my_deal', queryRoute(withToken, MyDealQuery, OrderList), async (request) =>
    ok(request, await myDeal(context, userOf(request), request.query)),
  );

  app.post('/v1/api/forex/close', bodyRoute(withToken, OrderIdRequest, Order), async (request) =>
    ok(
      request,
      await service.closeOrder(context, userOf(request), asOrderId(request.body.id), arrivalOf(request)),
    ),
  );

  app.get('/v1/api/forex/execution', queryRoute(withToken, ExecutionQuery, ExecutionList), async (request) =>
    ok(request, await service.orderExecution(context, userOf(request), asOrderId(request.query.id))),
  );

  app.post('/v1/api/forex/cancel_trade', bodyRoute(withToken, OrderIdRequest, Order), async (request) =>
    ok(request, await service.cancelOrder(context, userOf(request), asOrderId(request.body.id))),
  );

  app.post('/v1/api/forex/set_stop_price', bodyRoute(withToken, SetStopRequest, Order), async (request) =>
    ok(request, await service.setStops(context, userOf(request), request.body)),
  );
};
