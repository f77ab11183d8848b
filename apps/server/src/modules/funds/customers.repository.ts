import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { areaCodes, users } from '../../db/schema';

/** Where a customer's notices go, and in which language. */
export async function customerContact(
  db: DbOrTx,
  userId: number,
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
