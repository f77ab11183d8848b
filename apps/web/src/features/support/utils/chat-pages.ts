import type { SupportHistory, SupportMessage } from '@meridian/contract/support';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * The conversation as the query cache holds it: pages[0] is the newest page (asked without
 * `before`), each next page the one before it. Page params are the `before` ids.
 */
export type ChatPages = InfiniteData<SupportHistory, number | undefined>;

/** Every loaded message once, oldest first (ids grow with time). */
export function messagesOf(data: { pages: readonly SupportHistory[] } | undefined): SupportMessage[] {
  if (!data) return [];
  const byId = new Map<number, SupportMessage>();
  for (const page of data.pages) for (const message of page.list) byId.set(message.id, message);
  return [...byId.values()].sort((first, second) => first.id - second.id);
}

/**
 * Adds a message that arrived outside the history (sent here, or pushed by the socket) to the
 * newest page. The same message comes twice when this device sent it (the answer and the push);
 * the second is ignored.
 */
export function withMessage(data: ChatPages | undefined, message: SupportMessage): ChatPages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.list.some((known) => known.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [{ ...newest, list: [...newest.list, message] }, ...older] };
}

/** Where the next older page ends: just before the oldest message of the last page loaded. */
export function olderPageParam(last: SupportHistory): number | undefined {
  return last.has_more ? last.list[0]?.id : undefined;
}
