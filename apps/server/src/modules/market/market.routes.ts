import {
  CandleList,
  CategoryList,
  InstrumentList,
  KlineQuery,
  LogoParams,
  SparklineList,
  TradeListQuery,
} from '@meridian/contract/market';
import { NoQuery } from '@meridian/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { queryRoute, type RouteGroup } from '../../http/route-schemas';
import * as service from './market.service';

const tags = ['market'];
const withoutToken: RouteGroup = { tags };
/** Logos change only with a new address (`?v=`), so browsers keep them a year. */
const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const marketRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get('/v1/api/forex/categories', queryRoute(withoutToken, NoQuery, CategoryList), async (request) =>
    ok(request, await service.listCategories(context, request.lang)),
  );

  app.get(
    '/v1/api/forex/trade_list',
    queryRoute(withoutToken, TradeListQuery, InstrumentList),
    async (request) => ok(request, await service.tradeList(context, request.query, request.lang)),
  );

  app.get(
    '/v1/api/forex/abbreviated_cache_kline',
    queryRoute(withoutToken, NoQuery, SparklineList),
    async (request) => ok(request, await service.sparklines(context)),
  );

  app.get('/v1/api/forex/kline', queryRoute(withoutToken, KlineQuery, CandleList), async (request) =>
    ok(request, await service.kline(context, request.query)),
  );

  app.get(
    '/v1/api/forex/logo/:code.svg',
    { schema: { tags, params: LogoParams } },
    async (request, reply) => {
      const svg = await service.logo(context, request.params.code);
      if (svg === undefined) return reply.callNotFound();
      // Public artwork, drawn by the app on whichever origin CORS_ORIGINS lets it live: loadable
      // from any origin (helmet's default, same-origin, hid it from an app on another host).
      return reply
        .type('image/svg+xml')
        .header('cache-control', LOGO_CACHE_CONTROL)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(svg);
    },
  );
};
