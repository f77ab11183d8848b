import { z } from 'zod';
import { cacheBuster, positiveId, serverText } from './fields';
import { ConversationSummary } from './staff';
import { TOPIC_SUPPORT_AGENTS } from './topics';

/**
 * The support console's additions to the agents' API (under /admin/api, behind the staff guard)
 * and its live feed, the staff socket.
 *
 * - POST /admin/api/support/close {conversation_id} -> ConversationSummary   (support.reply)
 *   Closes an open conversation (audited, before/after). The customer's side is unchanged; their
 *   next message opens it again. Closing a closed one is refused and writes nothing.
 *
 * The staff socket `GET /admin/ws` speaks the customer socket's frames (login, sub, unsub, ping,
 * logout), but its login takes a STAFF session token (a customer's is refused, and the customer
 * socket refuses a staff token), and its only topic is `support.agents`, for roles with
 * `support.read`. Each push there is a SupportAgentsPush.
 */

export const ConversationCloseRequest = z.object({ conversation_id: positiveId(), t: cacheBuster });

// The agents' topic lives with the others in a file without zod; named here too, as before.
export { TOPIC_SUPPORT_AGENTS };

/** Topics of the staff socket and the permission each needs. */
export const STAFF_TOPICS: Readonly<Record<string, 'support.read'>> = {
  [TOPIC_SUPPORT_AGENTS]: 'support.read',
};
export const isStaffTopic = (topic: string): boolean => Object.hasOwn(STAFF_TOPICS, topic);

/**
 * A message as pushed to every agent at once. Image addresses are signed per staff member, so the
 * push says only whether there is one (`has_image`): the console reads the thread to show it.
 */
export const SupportAgentsMessage = z.object({
  id: z.number().int(),
  sender: z.enum(['user', 'agent']),
  agent_name: serverText(),
  text: serverText(),
  has_image: z.boolean(),
  created_at: serverText(),
});
export type SupportAgentsMessage = z.infer<typeof SupportAgentsMessage>;

/**
 * What changed: `message` is the new message (a customer's or an agent's), null when only the
 * conversation changed (read by an agent, closed). `conversation` is its summary as the list shows
 * it after the change.
 */
export const SupportAgentsPush = z.object({
  conversation: ConversationSummary,
  message: SupportAgentsMessage.nullable(),
});
export type SupportAgentsPush = z.infer<typeof SupportAgentsPush>;
