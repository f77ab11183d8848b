import { z } from 'zod';
import { cacheBuster, multilineText, positiveId, serverText } from './fields';
import { LIMITS } from './limits';
import { limitField } from './paging';
import { uploadReference } from './upload';

/** Who wrote a chat message: the customer, or an agent of the back office. */
export const SupportSender = z.enum(['user', 'agent']);

/** One message of a customer's conversation with customer service. */
export const SupportMessage = z.object({
  id: z.number().int(),
  sender: SupportSender,
  /** The agent's display name on agent messages; empty on the user's own. */
  agent_name: serverText(),
  text: serverText(),
  /** A signed, expiring image address, or empty. */
  image: serverText(),
  /** ISO 8601. */
  created_at: serverText(),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

/** Older messages are paged with `before` (a message id): each page ends just before it. */
export const SupportHistoryQuery = z.object({
  before: positiveId().optional(),
  limit: limitField(LIMITS.supportPageSizeDefault),
  t: cacheBuster,
});

/** A page of messages, oldest first, and whether older ones exist. */
export const SupportHistory = z.object({
  list: z.array(SupportMessage),
  has_more: z.boolean(),
  /** Agent messages the user has not read yet. */
  unread: z.number().int(),
});
export type SupportHistory = z.infer<typeof SupportHistory>;

/** Text, an image (one of the user's own `chat` uploads), or both. */
export const SupportSendRequest = z
  .object({
    text: multilineText(LIMITS.supportTextLengthMax).optional(),
    image: uploadReference().optional().or(z.literal('')),
    t: cacheBuster,
  })
  .refine((value) => Boolean(value.text) || Boolean(value.image), {
    path: ['text'],
    error: 'validation.message_empty',
  });
export type SupportSendRequest = z.infer<typeof SupportSendRequest>;

export const SupportUnread = z.object({ unread: z.number().int() });
