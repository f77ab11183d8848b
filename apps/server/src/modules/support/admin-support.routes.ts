import { emptyData, envelope } from '@meridian/contract/envelope';
import {
  AgentReplyRequest,
  ConversationList,
  ConversationListQuery,
  ConversationMessages,
  ConversationMessagesQuery,
  ConversationReadRequest,
} from '@meridian/contract/staff';
import { SupportMessage } from '@meridian/contract/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.guard';
import * as service from './support.service';

const tags = ['back office'];
const security = [{ token: [] }];

/** The agents' side of the chat; mounted under /admin/api behind the staff guard. */
export const adminSupportRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/support/conversations',
    {
      schema: {
        tags,
        security,
        querystring: ConversationListQuery,
        response: { 200: envelope(ConversationList) },
      },
    },
    async (request) => ok(request, await service.listConversations(context, staffOf(request), request.query)),
  );

  app.get(
    '/support/messages',
    {
      schema: {
        tags,
        security,
        querystring: ConversationMessagesQuery,
        response: { 200: envelope(ConversationMessages) },
      },
    },
    async (request) => ok(request, await service.readConversation(context, staffOf(request), request.query)),
  );

  app.post(
    '/support/reply',
    { schema: { tags, security, body: AgentReplyRequest, response: { 200: envelope(SupportMessage) } } },
    async (request) => ok(request, await service.reply(context, staffOf(request), request.body)),
  );

  app.post(
    '/support/read',
    { schema: { tags, security, body: ConversationReadRequest, response: { 200: envelope(emptyData) } } },
    async (request) => {
      await service.markReadByAgent(context, staffOf(request), request.body.conversation_id);
      return ok(request, {});
    },
  );
};
