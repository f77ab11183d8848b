import type { UserId } from '@meridian/domain/ids';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { customerNotes, staffAccounts } from '../../db/schema';

// The customers area's own table: staff's internal notes on a customer, only ever added.

export type CustomerNoteRow = {
  id: number;
  body: string;
  createdAt: Date;
  staffId: number;
  staffName: string;
};

const noteColumns = {
  id: customerNotes.id,
  body: customerNotes.body,
  createdAt: customerNotes.createdAt,
  staffId: customerNotes.staffId,
  staffName: staffAccounts.name,
};

/** A customer's notes, newest first, with their authors' names; at most `limit`. */
export async function listNotes(db: DbOrTx, userId: UserId, limit: number): Promise<CustomerNoteRow[]> {
  return db
    .select(noteColumns)
    .from(customerNotes)
    .innerJoin(staffAccounts, eq(staffAccounts.id, customerNotes.staffId))
    .where(eq(customerNotes.userId, userId))
    .orderBy(desc(customerNotes.id))
    .limit(limit);
}

export async function insertNote(
  tx: Tx,
  values: { userId: UserId; staffId: number; body: string; at: Date },
): Promise<number> {
  const rows = await tx
    .insert(customerNotes)
    .values({ userId: values.userId, staffId: values.staffId, body: values.body, createdAt: values.at })
    .returning({ id: customerNotes.id });
  const row = rows[0];
  if (!row) throw new Error('insert into customer_notes returned no row');
  return row.id;
}

export async function findNote(db: DbOrTx, id: number): Promise<CustomerNoteRow | undefined> {
  const rows = await db
    .select(noteColumns)
    .from(customerNotes)
    .innerJoin(staffAccounts, eq(staffAccounts.id, customerNotes.staffId))
    .where(eq(customerNotes.id, id));
  return rows[0];
}
