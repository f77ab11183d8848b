import { z } from 'zod';
import { limitField, pageField } from './content';
import { cacheBuster, email, positiveId, requiredText, text } from './fields';
import { LIMITS } from './limits';
import { SupportMessage } from './support';

/** Back-office roles. What each may do is in packages/domain (staff-roles). */
export const STAFF_ROLES = ['admin', 'support', 'finance', 'compliance'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

export const StaffLoginRequest = z.object({
  email: email(),
  password: requiredText(LIMITS.passwordLengthMax),
  t: cacheBuster,
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequest>;

export const Staff = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
});
export type Staff = z.infer<typeof Staff>;

export const StaffSession = z.object({ token: z.string(), staff: Staff });

export const StaffEmptyRequest = z.object({ t: cacheBuster });

export const ConversationListQuery = z.object({
  page: pageField(),
  limit: limitField(20),
  t: cacheBuster,
});

/** A customer's conversation as the agents' list shows it, newest activity first. */
export const ConversationSummary = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), uid: z.string(), email: z.string(), is_demo: z.number().int() }),
  /** The newest message's text (or empty for an image), for the list. */
  last_text: z.string(),
  last_message_at: z.string(),
  /** Customer messages no agent has read yet. */
  unread: z.number().int(),
});
export const ConversationList = z.object({
  list: z.array(ConversationSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationMessagesQuery = z.object({
  conversation_id: positiveId(),
  before: positiveId().optional(),
  limit: limitField(30),
  t: cacheBuster,
});

export const ConversationMessages = z.object({
  list: z.array(SupportMessage),
  has_more: z.boolean(),
});

export const AgentReplyRequest = z.object({
  conversation_id: positiveId(),
  text: requiredText(LIMITS.supportTextLengthMax),
  t: cacheBuster,
});

export const ConversationReadRequest = z.object({ conversation_id: positiveId(), t: cacheBuster });

export const staffNameField = () => text(LIMITS.staffNameLengthMax);
