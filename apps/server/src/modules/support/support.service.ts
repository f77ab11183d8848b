import { TOPIC_SUPPORT_MESSAGE } from '@meridian/contract/socket';
import type { ConversationList, ConversationListQuery, ConversationSummary } from '@meridian/contract/staff';
import type { SupportHistory, SupportMessage, SupportSendRequest } from '@meridian/contract/support';
import {
  type SupportAgentsMessage,
  type SupportAgentsPush,
  TOPIC_SUPPORT_AGENTS,
} from '@meridian/contract/support-staff';
import type { z } from 'zod';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/auth.public';
import {
  type AuthenticatedStaff,
  actorOf,
  readAuditedList,
  recordAudit,
  requirePermission,
} from '../staff/staff.public';
import type { ImageViewer } from '../uploads/uploads.public';
import { claimOwnUpload, imageUrl } from '../uploads/uploads.public';
import * as repository from './support.repository';

/** Each page of history asks one more row than it answers, to tell whether older ones exist. */
type HistoryQuery = { before?: number | undefined; limit: number };

async function messageView(
  context: ServerContext,
  row: repository.MessageWithExtras,
  viewer: ImageViewer,
): Promise<SupportMessage> {
  let image = '';
  if (row.imageName !== null && row.imageOwnerUserId !== null) {
    image = (await imageUrl(context, { name: row.imageName, ownerUserId: row.imageOwnerUserId }, viewer)).url;
  }
  return {
    id: row.id,
    sender: row.sender as SupportMessage['sender'],
    agent_name: row.sender === 'agent' ? (row.agentName ?? '') : '',
    text: row.text,
    image,
    created_at: row.createdAt.toISOString(),
  };
}

async function page(
  context: ServerContext,
  conversationId: number,
  query: HistoryQuery,
  viewer: ImageViewer,
): Promise<{ list: SupportMessage[]; has_more: boolean }> {
  const rows = await repository.listMessages(context.db, conversationId, {
    before: query.before,
    limit: query.limit + 1,
  });
  const shown = rows.slice(0, query.limit).reverse();
  return {
    list: await Promise.all(shown.map((row) => messageView(context, row, viewer))),
    has_more: rows.length > query.limit,
  };
}

function summaryView(row: repository.ConversationSummaryRow): ConversationSummary {
  return {
    id: row.conversation.id,
    user: {
      id: row.user.id,
      uid: row.user.uid,
      email: row.user.email ?? '',
      is_demo: row.user.isDemo ? 1 : 0,
    },
    last_text: row.lastText ?? '',
    last_message_at: row.conversation.lastMessageAt.toISOString(),
    unread: row.unread,
    closed_at: row.conversation.closedAt?.toISOString() ?? '',
  };
}

function agentsMessageView(row: repository.MessageWithExtras): SupportAgentsMessage {
  return {
    id: row.id,
    sender: row.sender as SupportAgentsMessage['sender'],
    agent_name: row.sender === 'agent' ? (row.agentName ?? '') : '',
    text: row.text,
    has_image: row.uploadId !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * What the agents' live feed gets about a change, read inside the change's transaction (so it
 * shows the change, and a failure rolls it back); null when no agent listens on any node.
 */
async function agentsPush(
  context: ServerContext,
  tx: DbOrTx,
  conversationId: number,
  message: repository.MessageWithExtras | null,
): Promise<SupportAgentsPush | null> {
  if (!context.realtime.hasSubscribers(TOPIC_SUPPORT_AGENTS)) return null;
  const summary = await repository.conversationSummary(tx, conversationId);
  if (!summary) return null;
  return { conversation: summaryView(summary), message: message ? agentsMessageView(message) : null };
}

function publishToAgents(context: ServerContext, push: SupportAgentsPush | null): void {
  if (push) context.realtime.publish(TOPIC_SUPPORT_AGENTS, push);
}

/** The user's own conversation, oldest first within the page. Reading does not mark it read. */
export async function history(
  context: ServerContext,
  user: AuthenticatedUser,
  query: HistoryQuery,
): Promise<SupportHistory> {
  const conversation = await repository.findConversationByUser(context.db, user.id);
  if (!conversation) return { list: [], has_more: false, unread: 0 };
  const viewer: ImageViewer = { kind: 'owner', userId: user.id };
  return {
    ...(await page(context, conversation.id, query, viewer)),
    unread: await repository.countMessagesAfter(
      context.db,
      conversation.id,
      'agent',
      conversation.userReadMessageId,
    ),
  };
}

export async function unreadCount(context: ServerContext, user: AuthenticatedUser): Promise<number> {
  const conversation = await repository.findConversationByUser(context.db, user.id);
  if (!conversation) return 0;
  return repository.countMessagesAfter(context.db, conversation.id, 'agent', conversation.userReadMessageId);
}

export async function markReadByUser(context: ServerContext, user: AuthenticatedUser): Promise<void> {
  const conversation = await repository.findConversationByUser(context.db, user.id);
  if (conversation) await repository.markRead(context.db, conversation.id, 'user');
}

/**
 * A user's message (text, one of their own `chat` images or an `unassigned` one it claims, or
 * both). It reaches the user's other open sockets too, so a second device shows it at once. Demo
 * users may chat (spec section 6 bars them only from money, identity and password).
 */
export async function send(
  context: ServerContext,
  user: AuthenticatedUser,
  input: SupportSendRequest,
): Promise<SupportMessage> {
  await context.limits.supportMessagesPerUser.hit(`user:${user.id}`);
  const now = context.clock.now();
  const text = input.text?.trim() ?? '';
  const row = await context.db.transaction(async (tx) => {
    const upload = input.image ? await claimOwnUpload(tx, user.id, input.image, 'chat') : undefined;
    const conversation = await repository.ensureConversation(tx, user.id, now);
    const message = await repository.insertMessage(tx, {
      conversationId: conversation.id,
      sender: 'user',
      text,
      uploadId: upload?.id ?? null,
      createdAt: now,
    });
    // Your own message is read by you; and it opens a closed conversation again.
    await repository.markRead(tx, conversation.id, 'user');
    await repository.reopenConversation(tx, conversation.id);
    const withExtras: repository.MessageWithExtras = {
      ...message,
      agentName: null,
      imageName: upload?.name ?? null,
      imageOwnerUserId: upload?.ownerUserId ?? null,
    };
    return { message: withExtras, push: await agentsPush(context, tx, conversation.id, withExtras) };
  });
  const view = await messageView(context, row.message, { kind: 'owner', userId: user.id });
  context.realtime.publishToUser(user.id, TOPIC_SUPPORT_MESSAGE, view);
  publishToAgents(context, row.push);
  return view;
}

// The agents' side: every call needs a support permission and is audited.

export async function listConversations(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: ConversationListQuery,
): Promise<z.infer<typeof ConversationList>> {
  const { rows, total, page, limit } = await readAuditedList(context, staff, query, {
    permission: 'support.read',
    read: (window) => repository.listConversations(context.db, { status: query.status, ...window }),
    audit: () => ({
      action: 'support.list',
      list: 'conversations',
      target: null,
      details: { page: query.page, status: query.status },
    }),
  });
  return { list: rows.map(summaryView), total, page, limit };
}

/** An agent reaches a conversation only with the permission for what they do with it. */
async function agentConversation(
  context: ServerContext,
  staff: AuthenticatedStaff,
  permission: 'support.read' | 'support.reply',
  id: number,
): Promise<repository.ConversationRow> {
  await requirePermission(context, staff, permission);
  const conversation = await repository.findConversationById(context.db, id);
  if (!conversation) throw new Rejection('error.conversation_unknown');
  return conversation;
}

export async function readConversation(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: HistoryQuery & { conversation_id: number },
): Promise<{ list: SupportMessage[]; has_more: boolean }> {
  const conversation = await agentConversation(context, staff, 'support.read', query.conversation_id);
  await recordAudit(context.db, actorOf(staff), {
    action: 'support.read',
    target: `conversation:${conversation.id}`,
    details: { userId: conversation.userId, before: query.before ?? null },
    at: context.clock.now(),
  });
  return page(context, conversation.id, query, { kind: 'staff', staffId: staff.id });
}

/** An agent's reply: stored, audited, and pushed live to that user's sockets only. */
export async function reply(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: { conversation_id: number; text: string },
): Promise<SupportMessage> {
  const conversation = await agentConversation(context, staff, 'support.reply', input.conversation_id);
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const message = await repository.insertMessage(tx, {
      conversationId: conversation.id,
      sender: 'agent',
      staffId: staff.id,
      text: input.text.trim(),
      createdAt: now,
    });
    // Answering a conversation means having read it; an answer opens a closed one again.
    await repository.markRead(tx, conversation.id, 'agent');
    await repository.reopenConversation(tx, conversation.id);
    await recordAudit(tx, actorOf(staff), {
      action: 'support.reply',
      target: `conversation:${conversation.id}`,
      details: { userId: conversation.userId, messageId: message.id },
      at: now,
    });
    const withExtras: repository.MessageWithExtras = {
      ...message,
      agentName: staff.name,
      imageName: null,
      imageOwnerUserId: null,
    };
    return { message: withExtras, push: await agentsPush(context, tx, conversation.id, withExtras) };
  });
  const forUser = await messageView(context, row.message, { kind: 'owner', userId: conversation.userId });
  context.realtime.publishToUser(conversation.userId, TOPIC_SUPPORT_MESSAGE, forUser);
  publishToAgents(context, row.push);
  return messageView(context, row.message, { kind: 'staff', staffId: staff.id });
}

export async function markReadByAgent(
  context: ServerContext,
  staff: AuthenticatedStaff,
  conversationId: number,
): Promise<void> {
  const conversation = await agentConversation(context, staff, 'support.reply', conversationId);
  const push = await context.db.transaction(async (tx) => {
    await repository.markRead(tx, conversation.id, 'agent');
    await recordAudit(tx, actorOf(staff), {
      action: 'support.mark_read',
      target: `conversation:${conversation.id}`,
      at: context.clock.now(),
    });
    return agentsPush(context, tx, conversation.id, null);
  });
  publishToAgents(context, push);
}

/**
 * Closes a conversation: audited with before and after, read by the agents, and pushed to them.
 * The customer's side does not change; their next message (or an agent's reply) opens it again.
 * Closing a closed conversation is refused and writes nothing.
 */
export async function close(
  context: ServerContext,
  staff: AuthenticatedStaff,
  conversationId: number,
): Promise<ConversationSummary> {
  const conversation = await agentConversation(context, staff, 'support.reply', conversationId);
  const now = context.clock.now();
  const { summary, push } = await context.db.transaction(async (tx) => {
    if (!(await repository.closeConversation(tx, conversation.id, staff.id, now))) {
      throw new Rejection('error.conversation_closed');
    }
    await repository.markRead(tx, conversation.id, 'agent');
    await recordAudit(tx, actorOf(staff), {
      action: 'support.close',
      target: `conversation:${conversation.id}`,
      details: {
        userId: conversation.userId,
        before: { closed_at: null },
        after: { closed_at: now.toISOString(), closed_by: staff.id },
      },
      at: now,
    });
    const row = await repository.conversationSummary(tx, conversation.id);
    if (!row) throw new Error(`support conversation ${conversation.id} missing after close`);
    return { summary: summaryView(row), push: await agentsPush(context, tx, conversation.id, null) };
  });
  publishToAgents(context, push);
  return summary;
}
