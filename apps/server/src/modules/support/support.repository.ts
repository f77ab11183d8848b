import type { ConversationSortKey, SortOrder } from '@meridian/contract/list-sort';
import type { UserId } from '@meridian/domain/ids';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { sortedBy } from '../../db/list-order';
import { findOne, insertOne } from '../../db/rows';
import { staffAccounts, supportConversations, supportMessages, uploads, users } from '../../db/schema';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
/** A message with what its answer shows: the agent's name and the image's stored name. */
export type MessageWithExtras = MessageRow & {
  agentName: string | null;
  imageName: string | null;
  imageOwnerUserId: UserId | null;
};

export async function findConversationByUser(
  db: DbOrTx,
  userId: UserId,
): Promise<ConversationRow | undefined> {
  return findOne(db, supportConversations, eq(supportConversations.userId, userId));
}

export async function findConversationById(db: DbOrTx, id: number): Promise<ConversationRow | undefined> {
  return findOne(db, supportConversations, eq(supportConversations.id, id));
}

/** The user's conversation, made on first use; a concurrent maker's row is the one answered. */
export async function ensureConversation(db: DbOrTx, userId: UserId, at: Date): Promise<ConversationRow> {
  await db
    .insert(supportConversations)
    .values({ userId, createdAt: at, lastMessageAt: at })
    .onConflictDoNothing({ target: supportConversations.userId });
  const row = await findConversationByUser(db, userId);
  if (!row) throw new Error(`support conversation of user ${userId} missing after insert`);
  return row;
}

export async function insertMessage(
  db: DbOrTx,
  values: typeof supportMessages.$inferInsert,
): Promise<MessageRow> {
  const row = await insertOne(db, supportMessages, values);
  await db
    .update(supportConversations)
    .set({ lastMessageAt: row.createdAt })
    .where(eq(supportConversations.id, row.conversationId));
  return row;
}

/** Up to `limit` messages before a message id (or the newest), newest first. */
export async function listMessages(
  db: DbOrTx,
  conversationId: number,
  query: { before?: number | undefined; limit: number },
): Promise<MessageWithExtras[]> {
  const where =
    query.before === undefined
      ? eq(supportMessages.conversationId, conversationId)
      : and(eq(supportMessages.conversationId, conversationId), lt(supportMessages.id, query.before));
  const rows = await db
    .select({
      message: supportMessages,
      agentName: staffAccounts.name,
      imageName: uploads.name,
      imageOwnerUserId: uploads.ownerUserId,
    })
    .from(supportMessages)
    .leftJoin(staffAccounts, eq(staffAccounts.id, supportMessages.staffId))
    .leftJoin(uploads, eq(uploads.id, supportMessages.uploadId))
    .where(where)
    .orderBy(desc(supportMessages.id))
    .limit(query.limit);
  return rows.map((row) => ({
    ...row.message,
    agentName: row.agentName,
    imageName: row.imageName,
    imageOwnerUserId: row.imageOwnerUserId,
  }));
}

/** Messages of one side after a message id: the other side's unread count. */
export async function countMessagesAfter(
  db: DbOrTx,
  conversationId: number,
  sender: 'user' | 'agent',
  afterId: number,
): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        eq(supportMessages.sender, sender),
        gt(supportMessages.id, afterId),
      ),
    );
  return Number(rows[0]?.total ?? 0);
}

/** Moves a side's read mark forward to the newest message (never back). */
export async function markRead(db: DbOrTx, conversationId: number, side: 'user' | 'agent'): Promise<void> {
  const newest = sql`(select coalesce(max(${supportMessages.id}), 0) from ${supportMessages} where ${supportMessages.conversationId} = ${conversationId})`;
  const column =
    side === 'user' ? supportConversations.userReadMessageId : supportConversations.agentReadMessageId;
  const set =
    side === 'user'
      ? { userReadMessageId: sql`greatest(${column}, ${newest})` }
      : { agentReadMessageId: sql`greatest(${column}, ${newest})` };
  await db.update(supportConversations).set(set).where(eq(supportConversations.id, conversationId));
}

export type ConversationSummaryRow = {
  conversation: ConversationRow;
  user: { id: number; uid: string; email: string | null; isDemo: boolean };
  lastText: string | null;
  unread: number;
};

type ConversationStatus = 'open' | 'closed' | 'all';

function statusFilter(status: ConversationStatus): SQL | undefined {
  if (status === 'open') return isNull(supportConversations.closedAt);
  if (status === 'closed') return isNotNull(supportConversations.closedAt);
  return undefined;
}

function summaryColumns() {
  const lastText = sql<
    string | null
  >`(select ${supportMessages.text} from ${supportMessages} where ${supportMessages.conversationId} = ${supportConversations.id} order by ${supportMessages.id} desc limit 1)`;
  const unread = sql<number>`(select count(*)::int from ${supportMessages} where ${supportMessages.conversationId} = ${supportConversations.id} and ${supportMessages.sender} = 'user' and ${supportMessages.id} > ${supportConversations.agentReadMessageId})`;
  return {
    conversation: supportConversations,
    user: { id: users.id, uid: users.uid, email: users.email, isDemo: users.isDemo },
    lastText,
    unread,
  };
}

/**
 * The open queue is worked oldest first: conversations with a customer message no agent has read,
 * by how long that message has waited, then the answered ones by latest activity. The closed and
 * the whole list read as history, latest activity first.
 */
function conversationOrder(status: ConversationStatus): SQL[] {
  const latest = [desc(supportConversations.lastMessageAt), desc(supportConversations.id)];
  if (status !== 'open') return latest;
  const waitingSince = sql`(select min(${supportMessages.id}) from ${supportMessages} where ${supportMessages.conversationId} = ${supportConversations.id} and ${supportMessages.sender} = 'user' and ${supportMessages.id} > ${supportConversations.agentReadMessageId})`;
  return [sql`${waitingSince} asc nulls last`, ...latest];
}

/** Conversations in queue order (or as sorted), with the last message's text and the agents' unread count. */
export async function listConversations(
  db: DbOrTx,
  query: {
    limit: number;
    offset: number;
    status: ConversationStatus;
    sort?: { key: ConversationSortKey; order: SortOrder } | undefined;
  },
): Promise<{ rows: ConversationSummaryRow[]; total: number }> {
  const where = statusFilter(query.status);
  const columns = summaryColumns();
  // The columns a staff member may sort by (the only ones a client can choose).
  const sortColumns = {
    id: supportConversations.id,
    customer: users.uid,
    unread: columns.unread,
    last_message_at: supportConversations.lastMessageAt,
    closed_at: supportConversations.closedAt,
  };
  const rows = await db
    .select(columns)
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .where(where)
    .orderBy(
      ...(query.sort
        ? sortedBy(sortColumns, supportConversations.id, query.sort)
        : conversationOrder(query.status)),
    )
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: count() }).from(supportConversations).where(where);
  return {
    rows: rows.map((row) => ({ ...row, unread: Number(row.unread) })),
    total: Number(totals[0]?.total ?? 0),
  };
}

/** One conversation as the agents' list shows it. */
export async function conversationSummary(
  db: DbOrTx,
  conversationId: number,
): Promise<ConversationSummaryRow | undefined> {
  const rows = await db
    .select(summaryColumns())
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .where(eq(supportConversations.id, conversationId));
  const row = rows[0];
  return row ? { ...row, unread: Number(row.unread) } : undefined;
}

/**
 * Closes an open conversation; answers false (and changes nothing) when it was already closed, so
 * two agents closing at once make one change.
 */
export async function closeConversation(
  db: DbOrTx,
  conversationId: number,
  staffId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(supportConversations)
    .set({ closedAt: at, closedByStaffId: staffId })
    .where(and(eq(supportConversations.id, conversationId), isNull(supportConversations.closedAt)))
    .returning({ id: supportConversations.id });
  return rows.length > 0;
}

/** Opens a closed conversation again (the customer wrote). */
export async function reopenConversation(db: DbOrTx, conversationId: number): Promise<void> {
  await db
    .update(supportConversations)
    .set({ closedAt: null, closedByStaffId: null })
    .where(and(eq(supportConversations.id, conversationId), isNotNull(supportConversations.closedAt)));
}
