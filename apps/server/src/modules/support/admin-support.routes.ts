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
import { staffRoutesWith } from '../../http/back-office-group';
import { routeTable } from '../../http/route-table';
import * as service from './support.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const agentsReading = staffRoutesWith('support.read');
const agentsReplying = staffRoutesWith('support.reply');

/** The agents' side of the chat; mounted under /admin/api behind the staff guard. */
export const adminSupportRoutes = routeTable([
  agentsReading.get(
    '/support/conversations',
    ConversationListQuery,
    ConversationList,
    service.listConversations,
  ),
  agentsReading.get(
    '/support/messages',
    ConversationMessagesQuery,
    ConversationMessages,
    service.readConversation,
  ),
  agentsReplying.post('/support/reply', AgentReplyRequest, SupportMessage, service.reply),
  // Marking read moves the team's unread mark: a change, so for those who answer (compliance
  // reads chats only and must not clear what agents still have to answer).
  agentsReplying.post('/support/read', ConversationReadRequest, emptyData, async (context, staff, body) => {
    await service.markReadByAgent(context, staff, body.conversation_id);
    return {};
  }),
  agentsReplying.post(
    '/support/close',
    ConversationCloseRequest,
    ConversationSummary,
    (context, staff, body) => service.close(context, staff, body.conversation_id),
  ),
]);
