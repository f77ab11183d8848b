import { emptyData, envelope } from '@meridian/contract/envelope';
import {
  AgentReplyRequest,
  ConversationList,
  ConversationListQuery,
  ConversationMessages,
  ConversationMessagesQuery,
  ConversationReadRequest,
  ConversationSummary,
} from '@meridian/contract/staff';
import { SupportMessage } from '@meridian/contract/support';
import { ConversationCloseRequest } from '@meridian/contract/support-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import * as service from './support.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const agentsReading = rolesWith('support.read');
const agentsReplying = rolesWith('support.reply');
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
      config: { staffRoles: agentsReading },
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
      config: { staffRoles: agentsReading },
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
    {
      config: { staffRoles: agentsReplying },
      schema: { tags, security, body: AgentReplyRequest, response: { 200: envelope(SupportMessage) } },
    },
    async (request) => ok(request, await service.reply(context, staffOf(request), request.body)),
  );

  app.post(
    '/support/read',
    {
      // Marking read moves the team's unread mark: a change, so for those who answer (compliance
      // reads chats only and must not clear what agents still have to answer).
      config: { staffRoles: agentsReplying },
      schema: { tags, security, body: ConversationReadRequest, response: { 200: envelope(emptyData) } },
    },
    async (request) => {
      await service.markReadByAgent(context, staffOf(request), request.body.conversation_id);
      return ok(request, {});
    },
  );

  app.post(
    '/support/close',
    {
      config: { staffRoles: agentsReplying },
      schema: {
        tags,
        security,
        body: ConversationCloseRequest,
        response: { 200: envelope(ConversationSummary) },
      },
    },
    async (request) =>
      ok(request, await service.close(context, staffOf(request), request.body.conversation_id)),
  );
};
