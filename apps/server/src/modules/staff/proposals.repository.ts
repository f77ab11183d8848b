import type { ProposalSortKey, SortOrder } from '@meridian/contract/list-sort';
import { and, asc, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { rankOf, sortedBy } from '../../db/list-order';
import { findOne, insertOne } from '../../db/rows';
import { proposals, staffAccounts } from '../../db/schema';

export type ProposalRow = typeof proposals.$inferSelect;
export type ProposalListRow = ProposalRow & { proposerName: string; deciderName: string | null };

export async function insertProposal(
  db: DbOrTx,
  values: typeof proposals.$inferInsert,
): Promise<ProposalRow> {
  return insertOne(db, proposals, values);
}

/** The proposal, locked for the transaction: two approvals of one proposal run one after the other. */
export async function lockProposal(db: DbOrTx, id: number): Promise<ProposalRow | undefined> {
  return findOne(db, proposals, eq(proposals.id, id), { lock: true });
}

/** Decides a pending proposal; false when it was no longer pending (nothing written). */
export async function decideProposal(
  db: DbOrTx,
  id: number,
  values: {
    state: 'applied' | 'rejected' | 'expired';
    decidedBy: number | null;
    decidedAt: Date;
    reason?: string;
  },
): Promise<boolean> {
  const rows = await db
    .update(proposals)
    .set(values)
    .where(and(eq(proposals.id, id), eq(proposals.state, 'pending')))
    .returning({ id: proposals.id });
  return rows.length === 1;
}

/** Marks the pending proposals whose time ran out as expired; answers them (for their audit entries). */
export async function expireDueProposals(db: DbOrTx, now: Date): Promise<ProposalRow[]> {
  return db
    .update(proposals)
    .set({ state: 'expired', decidedAt: now })
    .where(and(eq(proposals.state, 'pending'), lte(proposals.expiresAt, now)))
    .returning();
}

const proposer = alias(staffAccounts, 'proposer');
const decider = alias(staffAccounts, 'decider');

/** Proposals with the names of the staff member who proposed and of the one who decided (none yet). */
function proposalsWithNames(db: DbOrTx) {
  return db
    .select({ proposal: proposals, proposerName: proposer.name, deciderName: decider.name })
    .from(proposals)
    .innerJoin(proposer, eq(proposer.id, proposals.proposedBy))
    .leftJoin(decider, eq(decider.id, proposals.decidedBy))
    .$dynamic();
}

function listRowOf(row: {
  proposal: ProposalRow;
  proposerName: string;
  deciderName: string | null;
}): ProposalListRow {
  return { ...row.proposal, proposerName: row.proposerName, deciderName: row.deciderName };
}

type ProposalFilter = { state?: ProposalRow['state']; proposedBy?: number; target?: string };

export async function listProposals(
  db: DbOrTx,
  filter: ProposalFilter,
  page: { offset: number; limit: number; sort?: { key: ProposalSortKey; order: SortOrder } | undefined },
): Promise<{ rows: ProposalListRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(proposals.state, filter.state));
  if (filter.proposedBy !== undefined) conditions.push(eq(proposals.proposedBy, filter.proposedBy));
  if (filter.target) conditions.push(eq(proposals.target, filter.target));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await proposalsWithNames(db)
    .where(where)
    // A work queue: pending first, oldest first; then the decided ones, newest first. Or as the
    // staff member sorted it, by one of the columns named here only.
    .orderBy(
      ...(page.sort
        ? sortedBy(
            {
              id: proposals.id,
              kind: proposals.kind,
              proposer: proposer.name,
              state: rankOf(proposals.state, ['pending', 'applied', 'rejected', 'expired']),
              created_at: proposals.proposedAt,
              expires_at: proposals.expiresAt,
            },
            proposals.id,
            page.sort,
          )
        : [
            desc(sql`${proposals.state} = 'pending'`),
            asc(sql`case when ${proposals.state} = 'pending' then ${proposals.id} end`),
            desc(proposals.id),
          ]),
    )
    .offset(page.offset)
    .limit(page.limit);
  const totals = await db.select({ total: count() }).from(proposals).where(where);
  return { rows: rows.map(listRowOf), total: totals[0]?.total ?? 0 };
}

export async function findProposal(db: DbOrTx, id: number): Promise<ProposalListRow | undefined> {
  const rows = await proposalsWithNames(db).where(eq(proposals.id, id));
  const row = rows[0];
  return row ? listRowOf(row) : undefined;
}
