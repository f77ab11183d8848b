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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute, type RouteGroup } from '../../http/route-schemas';
import { userOf } from '../auth/auth.public';
import * as follows from './follow.service';
import * as statistics from './statistics.service';
import * as traders from './trader.service';

const tags = ['copy trading'];
const withToken: RouteGroup = { tags, token: true };
const withoutToken: RouteGroup = { tags };

/** Copy trading: the spec's ranking (GET /api/follow/list) and the calls around it. */
export const copyRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  // Traders from before the look-alike rule get their name keys before the first request (after
  // the app's own start hooks, so the strategy traders seeded there come first).
  app.addHook('onReady', () => traders.fillMissingNameKeys(context, app.log));

  app.get('/api/follow/list', queryRoute(withoutToken, RankingQuery, RankingList), async (request) =>
    ok(request, await statistics.ranking(context, request.query.sort)),
  );

  app.get('/api/follow/trader', queryRoute(withoutToken, TraderQuery, TraderProfile), async (request) =>
    ok(request, await statistics.traderProfile(context, request.query.id, request.user)),
  );

  app.get('/api/follow/my_follows', queryRoute(withToken, EmptyQuery, FollowList), async (request) =>
    ok(request, await follows.myFollows(context, userOf(request))),
  );

  app.post('/api/follow/follow', bodyRoute(withToken, FollowRequest, Follow), async (request) =>
    ok(request, await follows.follow(context, userOf(request), request.body)),
  );

  app.post('/api/follow/update', bodyRoute(withToken, FollowUpdateRequest, Follow), async (request) =>
    ok(request, await follows.updateFollow(context, userOf(request), request.body)),
  );

  app.post('/api/follow/pause', bodyRoute(withToken, FollowIdRequest, Follow), async (request) =>
    ok(request, await follows.pauseFollow(context, userOf(request), request.body.id)),
  );

  app.post('/api/follow/resume', bodyRoute(withToken, FollowIdRequest, Follow), async (request) =>
    ok(request, await follows.resumeFollow(context, userOf(request), request.body.id)),
  );

  app.post('/api/follow/stop', bodyRoute(withToken, StopFollowRequest, StopFollowAnswer), async (request) =>
    ok(
      request,
      await follows.stopFollow(context, userOf(request), {
        id: request.body.id,
        closeCopies: request.body.close_copies ?? false,
      }),
    ),
  );

  app.get('/api/follow/copy_orders', queryRoute(withToken, CopyOrdersQuery, CopyOrderList), async (request) =>
    ok(request, await follows.copyOrders(context, userOf(request), request.query)),
  );

  app.get('/api/follow/skips', queryRoute(withToken, FollowIdRequest, CopySkipList), async (request) =>
    ok(request, await follows.followSkips(context, userOf(request), request.query.id, request.lang)),
  );

  app.get('/api/follow/my_trader', queryRoute(withToken, EmptyQuery, MyTrader), async (request) =>
    ok(request, await traders.myTrader(context, userOf(request))),
  );

  app.post('/api/follow/opt_in', bodyRoute(withToken, TraderOptInRequest, MyTrader), async (request) =>
    ok(request, await traders.optIn(context, userOf(request), request.body.display_name)),
  );

  app.post('/api/follow/opt_out', bodyRoute(withToken, EmptyQuery, MyTrader), async (request) =>
    ok(request, await traders.optOut(context, userOf(request))),
  );
};
