import {
  getTableColumns,
  type InferInsertModel,
  type InferSelectModel,
  type Query,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';
import { rowsOf } from './migrate';

/**
 * Statements of the hot paths (an order's few), built once from drizzle's `sql` template with
 * placeholders and run with values on the pool or a transaction. Drizzle's query builder spends
 * more CPU building an order's statements than the rest of the request takes (bench/orders/README.md);
 * these are built at start and only filled in afterwards. On PostgreSQL they run as named prepared
 * statements, so the server parses and plans each once per connection. Tables and columns still come
 * from the schema, and values and rows pass through each column's own conversions, as in drizzle's
 * own queries.
 */
export type Statement = { name: string; query: Query };

const dialect = new PgDialect();
const names = new Set<string>();

/** Builds a statement once; its name must be unique (a prepared statement's name on a connection). */
export function statement(name: string, text: SQL): Statement {
  if (names.has(name)) throw new Error(`two statements are named ${name}`);
  names.add(name);
  return { name, query: dialect.sqlToQuery(text) };
}

/** Runs a statement with its placeholders' values; answers the rows under their column names. */
export async function runStatement(
  db: DbOrTx,
  prepared: Statement,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const query = db._.session.prepareQuery(prepared.query, undefined, prepared.name, false);
  return rowsOf<Record<string, unknown>>(await query.execute(values));
}

type ColumnKey<T extends Table> = keyof InferInsertModel<T> & string;

/** The listed columns of a table, under their database names, for an insert's column list. */
export function columnList<T extends Table>(table: T, keys: readonly ColumnKey<T>[]): SQL {
  const columns = getTableColumns(table);
  return sql.join(
    keys.map((key) => sql.identifier(columnOf(columns, key).name)),
    sql`, `,
  );
}

/** Placeholders for one row of `keys`, named `<prefix><key>`. */
export function placeholders(keys: readonly string[], prefix = ''): SQL {
  return sql.join(
    keys.map((key) => sql.placeholder(`${prefix}${key}`)),
    sql`, `,
  );
}

/**
 * The driver values of a row of `keys` under placeholder names `<prefix><key>`, each converted by
 * its column. Every key must have a value (null for none): a missing one is a programmer error.
 */
export function driverValues<T extends Table>(
  table: T,
  keys: readonly ColumnKey<T>[],
  row: Partial<InferInsertModel<T>>,
  prefix = '',
): Record<string, unknown> {
  const columns = getTableColumns(table);
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (row as Record<string, unknown>)[key];
    if (value === undefined) throw new Error(`no value for ${key} in a prepared insert`);
    values[`${prefix}${key}`] = value === null ? null : columnOf(columns, key).mapToDriverValue(value);
  }
  return values;
}

/** Every column of a table as `"table"."column" as "<prefix>column"`, for a join's select list. */
export function prefixedColumns(table: Table, prefix: string): SQL {
  return sql.join(
    Object.values(getTableColumns(table)).map(
      (column) => sql`${column} as ${sql.identifier(`${prefix}${column.name}`)}`,
    ),
    sql`, `,
  );
}

/**
 * Rows of `select *` or `returning *` (or of `prefixedColumns`, with its prefix) as the table's
 * records, converted as drizzle's own queries do.
 */
export function recordsOf<T extends Table>(
  table: T,
  rows: readonly Record<string, unknown>[],
  prefix = '',
): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const name = `${prefix}${column.name}`;
      if (!(name in row)) throw new Error(`a statement's row lacks the column ${name}`);
      const value = row[name];
      record[key] = value === null ? null : column.mapFromDriverValue(value);
    }
    return record as InferSelectModel<T>;
  });
}

function columnOf<C>(columns: Record<string, C>, key: string): C {
  const column = columns[key];
  if (!column) throw new Error(`no column ${key}`);
  return column;
}
