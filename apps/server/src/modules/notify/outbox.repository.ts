import type { OutboxSortKey, SortOrder } from '@meridian/contract/list-sort';
import { OUTBOX_STATUSES } from '@meridian/contract/outbox-staff';
import type { UserId } from '@meridian/domain/ids';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { rankOf, sortedBy } from '../../db/list-order';
import { rowsOf } from '../../db/migrate';
import { areaCodes, outboxMessages, users } from '../../db/schema';

export type OutboxRow = typeof outboxMessages.$inferSelect;
type NewOutboxRow = typeof outboxMessages.$inferInsert;

/** Written inside the transaction of the message's cause: both commit, or neither. */
export async function insertMessage(tx: Tx, values: NewOutboxRow): Promise<void> {
  await tx.insert(outboxMessages).values(values);
}

/** A claimed row, with the status it had before this claim (`sending`: a dead node's lease ran out). */
export type ClaimedRow = {
  id: string;
  channel: string;
  recipient: string;
  language: string;
  kind: string;
  payload: unknown;
  attempts: number;
  created_at: Date | string;
  previous_status: string;
};

/**
 * Takes up to `limit` due rows for delivery and counts the try: `sending`, attempts + 1, leased until
 * `leaseUntil`. Rows another sender holds locked are skipped (`SKIP LOCKED`), so two senders never
 * claim one row; the claim commits before any delivery starts, so a crash mid-delivery leaves the
 * row `sending` with its try counted, to be claimed again when the lease ends.
 */
export async function claimDue(
  db: DbOrTx,
  request: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    with due as (
      select id, status as previous_status from outbox_messages
      where status in ('pending', 'sending') and next_attempt_at <= ${request.now.toISOString()}
      order by next_attempt_at, sequence
      limit ${request.limit}
      for update skip locked
    )
    update outbox_messages as message
    set status = 'sending', attempts = message.attempts + 1,
        next_attempt_at = ${request.leaseUntil.toISOString()}
    from due
    where message.id = due.id
    returning message.id, message.channel, message.recipient, message.language, message.kind,
      message.payload, message.attempts, message.created_at, due.previous_status`);
  return rowsOf<ClaimedRow>(result);
}

/**
 * Makes every `sending` row due at once: for a node that has just taken the lead, since only the
 * leader delivers, such a row was claimed by a leader that is gone (killed mid-delivery). Answers
 * how many.
 */
export async function releaseClaims(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(outboxMessages)
    .set({ nextAttemptAt: now })
    .where(eq(outboxMessages.status, 'sending'))
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** The claim this sender holds: a row whose lease ran out and was claimed again is not ours any more. */
function heldClaim(claim: { id: string; attempts: number }) {
  return and(
    eq(outboxMessages.id, claim.id),
    eq(outboxMessages.status, 'sending'),
    eq(outboxMessages.attempts, claim.attempts),
  );
}

export async function markSent(
  db: DbOrTx,
  claim: { id: string; attempts: number },
  result: { at: Date; transport: string },
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: result.at, transport: result.transport, lastError: null })
    .where(heldClaim(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** Back to `pending` until `nextAttemptAt`, or `failed` for good (no next try). */
export async function markUndelivered(
  db: DbOrTx,
  claim: { id: string; attempts: number },
  result: { error: string; transport: string; nextAttemptAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set(
      result.nextAttemptAt
        ? { status: 'pending', nextAttemptAt: result.nextAttemptAt, lastError: result.error }
        : { status: 'failed', lastError: result.error, transport: result.transport },
    )
    .where(heldClaim(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** Where a customer's notices go, and in which language. */
export async function customerContact(
  db: DbOrTx,
  userId: UserId,
): Promise<
  { email: string | null; mobile: string | null; globalCode: string | null; language: string } | undefined
> {
  const rows = await db
    .select({
      email: users.email,
      mobile: users.mobile,
      globalCode: areaCodes.globalCode,
      language: users.language,
    })
    .from(users)
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .where(eq(users.id, userId));
  return rows[0];
}

/**
 * A page of messages for the back office, newest first: `limit` + 1 rows, so the caller knows
 * whether another page follows without counting the table.
 */
type ViewerFilter = { to?: string | undefined; status?: string | undefined };

function viewerWhere(query: ViewerFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.to) {
    // LIKE's own characters in the needle stand for themselves (backslash is its escape).
    conditions.push(ilike(outboxMessages.recipient, `%${query.to.replace(/[\\%_]/g, '\\$&')}%`));
  }
  if (query.status) conditions.push(eq(outboxMessages.status, query.status));
  return and(...conditions);
}

/** What each sortable column of the outbox viewer sorts by (the only columns a client can choose). */
const OUTBOX_SORT_COLUMNS = {
  at: outboxMessages.createdAt,
  channel: outboxMessages.channel,
  to: outboxMessages.recipient,
  status: rankOf(outboxMessages.status, OUTBOX_STATUSES),
  attempts: outboxMessages.attempts,
  sent_at: outboxMessages.sentAt,
} as const;

/** One page (and one row more, to tell whether another follows), newest first or by a column. */
export async function listForViewer(
  db: DbOrTx,
  query: ViewerFilter & {
    sort?: { key: OutboxSortKey; order: SortOrder } | undefined;
    limit: number;
    offset: number;
  },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(viewerWhere(query))
    .orderBy(
      ...(query.sort
        ? sortedBy(OUTBOX_SORT_COLUMNS, outboxMessages.sequence, query.sort)
        : [desc(outboxMessages.sequence)]),
    )
    .limit(query.limit + 1)
    .offset(query.offset);
}

/** How many messages the viewer's filter keeps (an export's total only: pages do not count). */
export async function countForViewer(db: DbOrTx, query: ViewerFilter): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(viewerWhere(query));
  return Number(rows[0]?.count ?? 0);
}

/** Messages still to deliver (waiting or being sent) and those given up on, for the metrics. */
export async function countUndelivered(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outboxMessages.status} in ('pending', 'sending'))::int`,
      failed: sql<number>`count(*) filter (where ${outboxMessages.status} = 'failed')::int`,
    })
    .from(outboxMessages)
    .where(sql`${outboxMessages.status} <> 'sent'`);
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}
