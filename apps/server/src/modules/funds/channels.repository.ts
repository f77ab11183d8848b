import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { findOne } from '../../db/rows';
import { bankCurrencies, depositChannels, drawCurrencies, wireAccounts } from '../../db/schema';

export type DepositChannelRow = typeof depositChannels.$inferSelect;
export type BankCurrencyRow = typeof bankCurrencies.$inferSelect;
export type WireAccountRow = typeof wireAccounts.$inferSelect;
export type DrawCurrencyRow = typeof drawCurrencies.$inferSelect;

export async function listDepositChannels(db: DbOrTx, options: { enabledOnly: boolean }) {
  return db
    .select()
    .from(depositChannels)
    .where(options.enabledOnly ? eq(depositChannels.enabled, true) : undefined)
    .orderBy(asc(depositChannels.sortOrder), asc(depositChannels.id));
}

export async function findDepositChannel(db: DbOrTx, id: number): Promise<DepositChannelRow | undefined> {
  return findOne(db, depositChannels, eq(depositChannels.id, id));
}

export async function updateDepositChannel(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      DepositChannelRow,
      'address' | 'addressPlaceholder' | 'minNumber' | 'maxNumber' | 'usdPerUnit' | 'enabled' | 'updatedAt'
    >
  >,
): Promise<DepositChannelRow | undefined> {
  const rows = await db.update(depositChannels).set(values).where(eq(depositChannels.id, id)).returning();
  return rows[0];
}

export async function listBankCurrencies(db: DbOrTx): Promise<BankCurrencyRow[]> {
  return db
    .select()
    .from(bankCurrencies)
    .where(eq(bankCurrencies.enabled, true))
    .orderBy(asc(bankCurrencies.sortOrder), asc(bankCurrencies.id));
}

export async function listWireAccounts(
  db: DbOrTx,
  options: { bankCurrencyId?: number; enabledOnly: boolean },
): Promise<{ account: WireAccountRow; currency: BankCurrencyRow }[]> {
  return db
    .select({ account: wireAccounts, currency: bankCurrencies })
    .from(wireAccounts)
    .innerJoin(bankCurrencies, eq(bankCurrencies.id, wireAccounts.bankCurrencyId))
    .where(
      and(
        options.bankCurrencyId === undefined
          ? undefined
          : eq(wireAccounts.bankCurrencyId, options.bankCurrencyId),
        options.enabledOnly
          ? and(eq(wireAccounts.enabled, true), eq(bankCurrencies.enabled, true))
          : undefined,
      ),
    )
    .orderBy(asc(bankCurrencies.sortOrder), asc(wireAccounts.sortOrder), asc(wireAccounts.id));
}

export async function findWireAccount(
  db: DbOrTx,
  id: number,
): Promise<{ account: WireAccountRow; currency: BankCurrencyRow } | undefined> {
  const rows = await db
    .select({ account: wireAccounts, currency: bankCurrencies })
    .from(wireAccounts)
    .innerJoin(bankCurrencies, eq(bankCurrencies.id, wireAccounts.bankCurrencyId))
    .where(eq(wireAccounts.id, id));
  return rows[0];
}

export async function listDrawCurrencies(
  db: DbOrTx,
  type: 'coin' | 'bank' | undefined,
): Promise<DrawCurrencyRow[]> {
  return db
    .select()
    .from(drawCurrencies)
    .where(
      and(eq(drawCurrencies.enabled, true), type === undefined ? undefined : eq(drawCurrencies.type, type)),
    )
    .orderBy(asc(drawCurrencies.sortOrder), asc(drawCurrencies.id));
}

export async function findDrawCurrency(db: DbOrTx, id: number): Promise<DrawCurrencyRow | undefined> {
  return findOne(db, drawCurrencies, eq(drawCurrencies.id, id));
}

export async function insertMissingDepositChannels(
  db: DbOrTx,
  rows: (typeof depositChannels.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(depositChannels).values(rows).onConflictDoNothing();
}

export async function insertMissingBankCurrencies(
  db: DbOrTx,
  rows: (typeof bankCurrencies.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(bankCurrencies).values(rows).onConflictDoNothing();
}

/** Bank currencies that have no wire account at all (a fresh installation's). */
export async function bankCurrenciesWithoutWireAccount(db: DbOrTx): Promise<BankCurrencyRow[]> {
  const used = db.select({ id: wireAccounts.bankCurrencyId }).from(wireAccounts);
  return db.select().from(bankCurrencies).where(notInArray(bankCurrencies.id, used));
}

export async function insertWireAccounts(
  db: DbOrTx,
  rows: (typeof wireAccounts.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(wireAccounts).values(rows);
}

export async function insertMissingDrawCurrencies(
  db: DbOrTx,
  rows: (typeof drawCurrencies.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(drawCurrencies).values(rows).onConflictDoNothing();
}

export async function updateWireAccount(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<WireAccountRow, 'id' | 'bankCurrencyId' | 'sortOrder'>>,
): Promise<WireAccountRow | undefined> {
  const rows = await db.update(wireAccounts).set(values).where(eq(wireAccounts.id, id)).returning();
  return rows[0];
}

/** The channel, locked for the transaction (a change and its proposal's approval read and write it). */
export async function lockDepositChannel(db: DbOrTx, id: number): Promise<DepositChannelRow | undefined> {
  return findOne(db, depositChannels, eq(depositChannels.id, id), { lock: true });
}

/** The wire account with its currency, the account's row locked for the transaction. */
export async function lockWireAccount(
  db: DbOrTx,
  id: number,
): Promise<{ account: WireAccountRow; currency: BankCurrencyRow } | undefined> {
  await db.select({ id: wireAccounts.id }).from(wireAccounts).where(eq(wireAccounts.id, id)).for('update');
  return findWireAccount(db, id);
}
