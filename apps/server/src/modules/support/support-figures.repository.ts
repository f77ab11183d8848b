import { and, countDistinct, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { supportConversations, supportMessages } from '../../db/schema';

/** Conversations with a customer message no agent has read yet (the back office's dashboard). */
export async function conversationsAwaitingAgent(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ count: countDistinct(supportConversations.id) })
    .from(supportConversations)
    .innerJoin(
      supportMessages,
      and(
        eq(supportMessages.conversationId, supportConversations.id),
        eq(supportMessages.sender, 'user'),
        gt(supportMessages.id, supportConversations.agentReadMessageId),
      ),
    );
  return Number(rows[0]?.count ?? 0);
}
