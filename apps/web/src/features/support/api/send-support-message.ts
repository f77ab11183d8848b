import { SupportMessage, type SupportSendRequest } from '@meridian/contract/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ChatPages, withMessage } from '../utils/chat-pages';
import { SUPPORT_MESSAGES_QUERY_KEY } from './get-support-messages';

export type SendSupportMessageInput = Omit<SupportSendRequest, 't'>;

/** POST /api/support/send: text, an image (an own `chat` upload name), or both. */
export function sendSupportMessage(input: SendSupportMessageInput): Promise<SupportMessage> {
  return api.post('/api/support/send', input, { schema: SupportMessage });
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: (message) =>
      queryClient.setQueryData<ChatPages>(SUPPORT_MESSAGES_QUERY_KEY, (data) => withMessage(data, message)),
  });
}
