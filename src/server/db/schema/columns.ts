import { sql, type SQLWrapper } from 'drizzle-orm';
import { bigint, check, text, timestamp } from 'drizzle-orm/pg-core';

/** Money in poisha: a 64-bit integer, read as a bigint. */
export const money = (name: string) => bigint(name, { mode: 'bigint' });

/** An instant, with its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The short reference of a movement (`src/shared/reference.ts`): twelve characters of Crockford's
 * base 32, unique across the bank, checked here as well as where it is made. The server gives
 * every row its reference; the database's `short_reference()` (the same rule, from its own random
 * source) is the default for rows written in bulk by SQL alone, as the migration that added the
 * column and the benchmarks' seeds do.
 */
export const shortReference = (name: string) =>
  text(name)
    .notNull()
    .default(sql`short_reference()`);
export const shortReferenceCheck = (name: string, column: SQLWrapper) => check(name, sql`${column} ~ '^[0-9A-HJKMNP-TV-Z]{12}$'`);
