import { type SQL, sql } from 'drizzle-orm';

/**
 * Rows sent to the database as one JSON parameter, usable as a table in a statement whose text
 * does not change with the number of rows: a batch of any size is one statement, on either driver.
 *
 * The LIMIT tells the planner how many rows there are. Without it, PostgreSQL assumes a
 * function yields 100 and joins them to a large table by scanning all of it (a whole-table
 * scan of the idempotency records per batch, measured); with it, each row is found through
 * the table's index. `columns` is the column list with types, e.g. `code text, balance bigint`.
 */
export function jsonRows(rows: readonly object[], columns: SQL): SQL {
  return sql`(SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(${columns}) LIMIT ${rows.length})`;
}
