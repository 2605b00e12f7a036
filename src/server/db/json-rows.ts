import { type SQL, sql } from 'drizzle-orm';
import { wellFormedText } from '../../shared/schemas/fields';

/**
 * Rows sent to the database as one JSON parameter, usable as a table in a statement whose text
 * does not change with the number of rows: a batch of any size is one statement, on either driver.
 *
 * The LIMIT tells the planner how many rows there are. Without it, PostgreSQL assumes a
 * function yields 100 and joins them to a large table by scanning all of it (a whole-table
 * scan of the idempotency records per batch, measured); with it, each row is found through
 * the table's index. `columns` is the column list with types, e.g. `code text, balance bigint`.
 *
 * A lone UTF-16 surrogate in a string (a pasted fragment of an emoji) is written as U+FFFD, as
 * the driver writes it in a text parameter: JSON.stringify escapes it as `\ud800`, which
 * PostgreSQL's JSON refuses, and the whole statement would fail.
 */
export function jsonRows(rows: readonly object[], columns: SQL): SQL {
  const text = JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'string' ? wellFormedText(value) : value));
  return sql`(SELECT * FROM json_to_recordset(${text}::json) AS r(${columns}) LIMIT ${rows.length})`;
}
