/**
 * The row of a dated table (rates a Finance Act sets from a day) in force on a Dhaka calendar day:
 * the latest whose `from` is not after it. Days are YYYY-MM-DD, so they compare as text.
 */
export function inForceOn<Row extends { from: string }>(table: readonly Row[], day: string): Row {
  let found: Row | undefined;
  for (const row of table) if (row.from <= day && (found === undefined || row.from > found.from)) found = row;
  if (!found) throw new RangeError(`no rates are in force on ${day}`);
  return found;
}
