import { emptyData } from '@meridian/contract/envelope';
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
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import * as service from './support.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const agentsReading = backOfficeGroup(rolesWith('support.read'));
const agentsReplying = backOfficeGroup(rolesWith('support.reply'));

/** The agents' side of the chat; mounted under /admin/api behind the staff guard. */
export const adminSupportRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/support/conversations',
    queryRoute(agentsReading, ConversationListQuery, ConversationList),
    async (request) => ok(request, await service.listConversations(context, staffOf(request), request.query)),
  );

  app.get(
    '/support/messages',
    queryRoute(agentsReading, ConversationMessagesQuery, ConversationMessages),
    async (request) => ok(request, await service.readConversation(context, staffOf(request), request.query)),
  );

  app.post('/support/reply', bodyRoute(agentsReplying, AgentReplyRequest, SupportMessage), async (request) =>
    ok(request, await service.reply(context, staffOf(request), request.body)),
  );

  // Marking read moves the team's unread mark: a change, so for those who answer (compliance
  // reads chats only and must not clear what agents still have to answer).
  app.post(
    '/support/read',
    bodyRoute(agentsReplying, ConversationReadRequest, emptyData),
    async (request) => {
      await service.markReadByAgent(context, staffOf(request), request.body.conversation_id);
      return ok(request, {});
    },
  );

  app.post(
    '/support/close',
    bodyRoute(agentsReplying, ConversationCloseRequest, ConversationSummary),
    async (request) =>
      ok(request, await service.close(context, staffOf(request), request.body.conversation_id)),
  );
};
