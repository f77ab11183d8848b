import { emptyData } from '@meridian/contract/envelope';
import { NoQuery } from '@meridian/contract/settings';
import {
  SupportHistory,
  SupportHistoryQuery,
  SupportMessage,
  SupportSendRequest,
  SupportUnread,
} from '@meridian/contract/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute, type RouteGroup } from '../../http/route-schemas';
import { userOf } from '../auth/auth.public';
import * as service from './support.service';

const tags = ['customer service'];
const withToken: RouteGroup = { tags, token: true };

/** The customer's side of the built-in chat (/mine/chat). */
export const supportRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get(
    '/api/support/messages',
    queryRoute(withToken, SupportHistoryQuery, SupportHistory),
    async (request) => ok(request, await service.history(context, userOf(request), request.query)),
  );

  app.post('/api/support/send', bodyRoute(withToken, SupportSendRequest, SupportMessage), async (request) =>
    ok(request, await service.send(context, userOf(request), request.body)),
  );

  app.get('/api/support/unread', queryRoute(withToken, NoQuery, SupportUnread), async (request) =>
    ok(request, { unread: await service.unreadCount(context, userOf(request)) }),
  );

  app.post('/api/support/read', bodyRoute(withToken, NoQuery, emptyData), async (request) => {
    await service.markReadByUser(context, userOf(request));
    return ok(request, {});
  });
};
