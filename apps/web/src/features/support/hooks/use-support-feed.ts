import type { PushSchema } from '@meridian/contract/push-schemas';
import { TOPIC_SUPPORT_MESSAGE } from '@meridian/contract/socket';
import { SupportMessage } from '@meridian/contract/support';
import { useQueryClient } from '@tanstack/react-query';
import { applyPushToQuery } from '../../../lib/query-push';
import { useTopic } from '../../../lib/realtime/use-topic';
import { SUPPORT_MESSAGES_QUERY_KEY } from '../api/get-support-messages';
import { type ChatPages, withMessage } from '../utils/chat-pages';

/** Checked at once (the chat holds the support schemas); typed by the contract's push map. */
const supportMessageSchema: PushSchema<typeof TOPIC_SUPPORT_MESSAGE> = SupportMessage;

/**
 * New messages of the user's conversation from the socket's user topic `support.message` (agent
 * replies, and the user's own from another device), put into the loaded history. `enabled` is
 * false for a visitor: the server lets only a logged-in socket subscribe to a user topic.
 */
export function useSupportFeed(enabled: boolean, onMessage?: (message: SupportMessage) => void): void {
  const queryClient = useQueryClient();
  useTopic(enabled ? TOPIC_SUPPORT_MESSAGE : null, (data) => {
    const parsed = supportMessageSchema.safeParse(data);
    if (!parsed.success) {
      // The server broke the contract: a programmer error, never shown as a message.
      console.error('support.message push does not match the contract', parsed.error);
      return;
    }
    const message = parsed.data;
    if (queryClient.getQueryData(SUPPORT_MESSAGES_QUERY_KEY)) {
      void applyPushToQuery<ChatPages>(queryClient, SUPPORT_MESSAGES_QUERY_KEY, (pages) =>
        withMessage(pages, message),
      );
    } else {
      // Pushed while the history was still loading: ask again so it is not missed.
      void queryClient.invalidateQueries({ queryKey: SUPPORT_MESSAGES_QUERY_KEY });
    }
    onMessage?.(message);
  });
}
