import type { UserId } from '@meridian/domain/ids';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { findOne, insertOne } from '../../db/rows';
import { legalAcceptances, legalDocuments, staffAccounts } from '../../db/schema';

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
export type LegalTexts = LegalDocumentRow['texts'];

/** The newest version of each kind asked for. */
export async function findCurrentDocuments(
  db: DbOrTx,
  kinds: readonly string[],
): Promise<LegalDocumentRow[]> {
  return db
    .selectDistinctOn([legalDocuments.kind])
    .from(legalDocuments)
    .where(inArray(legalDocuments.kind, [...kinds]))
    .orderBy(legalDocuments.kind, desc(legalDocuments.version));
}

export async function findDocument(db: DbOrTx, kind: string, version: number) {
  return findOne(db, legalDocuments, and(eq(legalDocuments.kind, kind), eq(legalDocuments.version, version)));
}

/** Newest first, with the publisher's name and how many customers accepted each. */
export async function listVersions(db: DbOrTx, kind: string, limit: number) {
  const accepted = db
    .select({
      kind: legalAcceptances.kind,
      version: legalAcceptances.version,
      accepted: count().as('accepted'),
    })
    .from(legalAcceptances)
    .where(eq(legalAcceptances.kind, kind))
    .groupBy(legalAcceptances.kind, legalAcceptances.version)
    .as('accepted');
  return db
    .select({
      document: legalDocuments,
      publishedBy: staffAccounts.name,
      accepted: accepted.accepted,
    })
    .from(legalDocuments)
    .leftJoin(staffAccounts, eq(staffAccounts.id, legalDocuments.publishedByStaffId))
    .leftJoin(accepted, eq(accepted.version, legalDocuments.version))
    .where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version))
    .limit(limit);
}

/**
 * A new version, numbered one past the newest. The kind's newest row is locked first so two
 * publications at once number themselves one after the other (the unique index checks again).
 */
export async function insertNextVersion(
  tx: DbOrTx,
  values: { kind: string; texts: LegalTexts; publishedAt: Date; publishedByStaffId: number | null },
): Promise<LegalDocumentRow> {
  const [newest] = await tx
    .select({ version: legalDocuments.version })
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, values.kind))
    .orderBy(desc(legalDocuments.version))
    .limit(1)
    .for('update');
  return insertOne(tx, legalDocuments, { ...values, version: (newest?.version ?? 0) + 1 });
}

/** The installation's first version of a kind, when it has none (seeding; idempotent). */
export async function insertFirstVersionIfMissing(
  db: DbOrTx,
  values: { kind: string; texts: LegalTexts; publishedAt: Date },
): Promise<void> {
  await db
    .insert(legalDocuments)
    .values({ ...values, version: 1, publishedByStaffId: null })
    .onConflictDoNothing({ target: [legalDocuments.kind, legalDocuments.version] });
}

export async function insertAcceptances(
  tx: DbOrTx,
  rows: { userId: UserId; kind: string; version: number; acceptedAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(legalAcceptances).values(rows);
}

export async function listAcceptances(db: DbOrTx, userId: UserId) {
  return db
    .select()
    .from(legalAcceptances)
    .where(eq(legalAcceptances.userId, userId))
    .orderBy(legalAcceptances.kind, desc(legalAcceptances.version));
}
