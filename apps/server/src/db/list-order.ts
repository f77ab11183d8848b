import type { SortOrder } from '@meridian/contract/list-sort';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The ORDER BY of a back-office list sorted by a column the staff member chose.
 * The key has been checked against its list's whitelist (list-sort.ts) by the route's schema, and it
 * only picks one of the columns the repository names here: no client text reaches the statement,
 * and the direction is one of two fixed words. Blanks (NULL) come last in both directions, as a
 * spreadsheet puts them. The row's id in the same direction breaks ties, so the order is total and
 * the pages of a sorted list neither repeat nor skip a row.
 */
export function sortedBy<Key extends string>(
  columns: Readonly<Record<Key, SQLWrapper>>,
  id: SQLWrapper,
  sort: { key: Key; order: SortOrder },
): SQL[] {
  const direction = sort.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const column = columns[sort.key];
  return [sql`${column} ${direction} nulls last`, sql`${id} ${direction}`];
}

/** The same positions of a CASE for a status kept as text, so it sorts as the screens number it (0, 1, 2...). */
export function rankOf(column: SQLWrapper, values: readonly string[]): SQL {
  const whens = values.map((value, index) => sql`when ${value} then ${sql.raw(String(index))}`);
  return sql`(case ${column} ${sql.join(whens, sql` `)} else ${sql.raw(String(values.length))} end)`;
}
