import {
  CopyOrderList,
  CopyOrdersQuery,
  CopySkipList,
  EmptyQuery,
  Follow,
  FollowIdRequest,
  FollowList,
  FollowRequest,
  FollowUpdateRequest,
  MyTrader,
  RankingList,
  RankingQuery,
  StopFollowAnswer,
  StopFollowRequest,
  TraderOptInRequest,
  TraderProfile,
  TraderQuery,
} from '@meridian/contract/copy';
import { envelope } from '@meridian/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { userOf } from '../auth/auth.public';
import * as follows from './follow.service';
import * as statistics from './statistics.service';
import * as traders from './trader.service';

const tags = ['copy trading'];
const security = [{ token: [] }];

/** Copy trading: the spec's ranking (GET /api/follow/list) and the calls around it. */
export const copyRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  // Traders from before the look-alike rule get their name keys before the first request (after
  // the app's own start hooks, so the strategy traders seeded there come first).
  app.addHook('onReady', () => traders.fillMissingNameKeys(context, app.log));

  app.get(
    '/api/follow/list',
    { schema: { tags, querystring: RankingQuery, response: { 200: envelope(RankingList) } } },
    async (request) => ok(request, await statistics.ranking(context, request.query.sort)),
  );

  app.get(
    '/api/follow/trader',
    {
      schema: { tags, querystring: TraderQuery, response: { 200: envelope(TraderProfile) } },
    },
    async (request) => ok(request, await statistics.traderProfile(context, request.query.id, request.user)),
  );

  app.get(
    '/api/follow/my_follows',
    {
      schema: { tags, security, querystring: EmptyQuery, response: { 200: envelope(FollowList) } },
    },
    async (request) => ok(request, await follows.myFollows(context, userOf(request))),
  );

  app.post(
    '/api/follow/follow',
    {
      schema: { tags, security, body: FollowRequest, response: { 200: envelope(Follow) } },
    },
    async (request) => ok(request, await follows.follow(context, userOf(request), request.body)),
  );

  app.post(
    '/api/follow/update',
    {
      schema: { tags, security, body: FollowUpdateRequest, response: { 200: envelope(Follow) } },
    },
    async (request) => ok(request, await follows.updateFollow(context, userOf(request), request.body)),
  );

  app.post(
    '/api/follow/pause',
    {
      schema: { tags, security, body: FollowIdRequest, response: { 200: envelope(Follow) } },
    },
    async (request) => ok(request, await follows.pauseFollow(context, userOf(request), request.body.id)),
  );

  app.post(
    '/api/follow/resume',
    {
      schema: { tags, security, body: FollowIdRequest, response: { 200: envelope(Follow) } },
    },
    async (request) => ok(request, await follows.resumeFollow(context, userOf(request), request.body.id)),
  );

  app.post(
    '/api/follow/stop',
    {
      schema: { tags, security, body: StopFollowRequest, response: { 200: envelope(StopFollowAnswer) } },
    },
    async (request) =>
      ok(
        request,
        await follows.stopFollow(context, userOf(request), {
          id: request.body.id,
          closeCopies: request.body.close_copies ?? false,
        }),
      ),
  );

  app.get(
    '/api/follow/copy_orders',
    {
      schema: { tags, security, querystring: CopyOrdersQuery, response: { 200: envelope(CopyOrderList) } },
    },
    async (request) => ok(request, await follows.copyOrders(context, userOf(request), request.query)),
  );

  app.get(
    '/api/follow/skips',
    {
      schema: { tags, security, querystring: FollowIdRequest, response: { 200: envelope(CopySkipList) } },
    },
    async (request) =>
      ok(request, await follows.followSkips(context, userOf(request), request.query.id, request.lang)),
  );

  app.get(
    '/api/follow/my_trader',
    {
      schema: { tags, security, querystring: EmptyQuery, response: { 200: envelope(MyTrader) } },
    },
    async (request) => ok(request, await traders.myTrader(context, userOf(request))),
  );

  app.post(
    '/api/follow/opt_in',
    {
      schema: { tags, security, body: TraderOptInRequest, response: { 200: envelope(MyTrader) } },
    },
    async (request) => ok(request, await traders.optIn(context, userOf(request), request.body.display_name)),
  );

  app.post(
    '/api/follow/opt_out',
    {
      schema: { tags, security, body: EmptyQuery, response: { 200: envelope(MyTrader) } },
    },
    async (request) => ok(request, await traders.optOut(context, userOf(request))),
  );
};
