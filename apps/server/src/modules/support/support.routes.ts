import { emptyData } from '@meridian/contract/envelope';
import { NoQuery } from '@meridian/contract/settings';
import {
  SupportHistory,
  SupportHistoryQuery,
  SupportMessage,
  SupportSendRequest,
  SupportUnread,
} from '@meridian/contract/support';
import { customerRoutes } from '../../http/customer-routes';
import { routeTable } from '../../http/route-table';
import * as service from './support.service';

const withToken = customerRoutes({ tags: ['customer service'], token: true });

/** The customer's side of the built-in chat (/mine/chat). */
export const supportRoutes = routeTable([
  withToken.get('/api/support/messages', SupportHistoryQuery, SupportHistory, service.history),
  withToken.post('/api/support/send', SupportSendRequest, SupportMessage, service.send),
  withToken.get('/api/support/unread', NoQuery, SupportUnread, async (context, user) => ({
    unread: await service.unreadCount(context, user),
  })),
  withToken.post('/api/support/read', NoQuery, emptyData, async (context, user) => {
    await service.markReadByUser(context, user);
    return {};
  }),
]);
