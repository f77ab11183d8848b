import type { ConversationSortKey, SortOrder } from '@meridian/contract/list-sort';
import type { ConversationSummary } from '@meridian/contract/staff';
import type { SupportMessage } from '@meridian/contract/support';
import type { SupportAgentsPush } from '@meridian/contract/support-staff';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

export type ConversationStatus = 'open' | 'closed' | 'all';
type ConversationPage = { list: ConversationSummary[]; total: number; page: number; limit: number };
export type Thread = { list: SupportMessage[]; has_more: boolean };

export const CONVERSATIONS_KEY = ['support', 'conversations'] as const;
export const THREAD_KEY = ['support', 'thread'] as const;
/** Messages shown of a conversation (the newest); older ones are read on demand. */
const THREAD_SIZE = 50;

/** GET /admin/api/support/conversations: newest activity first, with each one's unread count. */
export function useConversations(filter: {
  status: ConversationStatus;
  page: number;
  limit: number;
  /** The server's sort (list-sort.ts); absent: the queue's order. */
  sort?: ConversationSortKey | undefined;
  order?: SortOrder | undefined;
}) {
  return useQuery({
    queryKey: [...CONVERSATIONS_KEY, filter],
    queryFn: () => adminApi<ConversationPage>('GET', '/support/conversations', filter),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/api/support/messages: the newest messages of a conversation, oldest first. */
export function useThread(conversationId: number | undefined) {
  return useQuery({
    queryKey: [...THREAD_KEY, conversationId],
    queryFn: () =>
      adminApi<Thread>('GET', '/support/messages', { conversation_id: conversationId, limit: THREAD_SIZE }),
    enabled: conversationId !== undefined,
  });
}

/** Older messages, before a message id. */
export function olderMessages(conversationId: number, before: number) {
  return adminApi<Thread>('GET', '/support/messages', {
    conversation_id: conversationId,
    before,
    limit: THREAD_SIZE,
  });
}

export function reply(input: { conversation_id: number; text: string }) {
  return adminApi<SupportMessage>('POST', '/support/reply', input);
}

export function markRead(input: { conversation_id: number }) {
  return adminApi<Record<string, never>>('POST', '/support/read', input);
}

export function closeConversation(input: { conversation_id: number }) {
  return adminApi<ConversationSummary>('POST', '/support/close', input);
}

function belongs(status: ConversationStatus, conversation: ConversationSummary): boolean {
  if (status === 'all') return true;
  return (conversation.closed_at === '') === (status === 'open');
}

/**
 * A push from the agents' feed, applied to what the screen holds, without reading again: the
 * conversation moves to the top of the first page of each list it belongs to (and leaves those it
 * no longer belongs to), and a new message joins its thread. A message with an image is read
 * again, since its address is signed for each staff member.
 */
export function applyAgentsPush(queryClient: QueryClient, push: SupportAgentsPush): void {
  const { conversation, message } = push;
  for (const [key, page] of queryClient.getQueriesData<ConversationPage>({ queryKey: CONVERSATIONS_KEY })) {
    if (!page) continue;
    const filter = key[2] as { status: ConversationStatus; page: number } | undefined;
    if (!filter) continue;
    const others = page.list.filter((item) => item.id !== conversation.id);
    const was = others.length !== page.list.length;
    const fits = belongs(filter.status, conversation);
    let list: ConversationSummary[];
    if (!fits) list = others;
    else if (message) list = filter.page === 1 ? [conversation, ...others].slice(0, page.limit) : others;
    else if (was) list = page.list.map((item) => (item.id === conversation.id ? conversation : item));
    else {
      // It joins this list (closed) somewhere by its last activity: read the list again.
      void queryClient.invalidateQueries({ queryKey: key });
      continue;
    }
    const total = page.total + (fits && !was ? 1 : 0) - (!fits && was ? 1 : 0);
    queryClient.setQueryData<ConversationPage>(key, { ...page, list, total });
  }
  if (!message) return;
  const threadKey = [...THREAD_KEY, conversation.id];
  const thread = queryClient.getQueryData<Thread>(threadKey);
  if (!thread) return;
  if (message.has_image) {
    void queryClient.invalidateQueries({ queryKey: threadKey });
    return;
  }
  if (thread.list.some((item) => item.id === message.id)) return;
  const shown: SupportMessage = {
    id: message.id,
    sender: message.sender,
    agent_name: message.agent_name,
    text: message.text,
    image: '',
    created_at: message.created_at,
  };
  queryClient.setQueryData<Thread>(threadKey, { ...thread, list: [...thread.list, shown] });
}
