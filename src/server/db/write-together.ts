import { type SQL, sql } from 'drizzle-orm';
import { assertInvariant } from '../errors';
import type { Executor } from './client';

/**
 * One module's share of a statement that makes several writes at once: its data-modifying steps
 * and the value it reads back to check that they took.
 */
export type WritePart = {
  /** Data-modifying statements (with RETURNING when `answer` reads them), each named uniquely across the parts. */
  steps: ReadonlyArray<readonly [name: string, statement: SQL]>;
  /** One value computed from the steps, e.g. `(SELECT count(*)::int FROM name)`. */
  answer: SQL;
  /** Throws when the answer shows the write did not take as it must: the caller's transaction then rolls back. */
  check: (answer: unknown) => void;
};

/**
 * Makes every part's writes in one statement, one round trip: a transfer's journal entry, its
 * day sums, its notices and its Idempotency-Key answer go together however many modules wrote
 * them. PostgreSQL runs each data-modifying step of a WITH exactly once and to completion, all
 * against the statement's one snapshot: parts may not read what another part writes, and none
 * here does (each writes its own tables). Constraints are checked at the end of the statement.
 */
export async function writeTogether(executor: Executor, parts: ReadonlyArray<WritePart | undefined>): Promise<void> {
  const present = parts.filter((part): part is WritePart => part !== undefined);
  if (present.length === 0) return;
  const names = present.flatMap((part) => part.steps.map(([name]) => name));
  assertInvariant(new Set(names).size === names.length, `each step of a combined write has its own name: ${names.join(', ')}`);
  const steps = present.flatMap((part) => part.steps.map(([name, statement]) => sql`${sql.identifier(name)} AS (${statement})`));
  const answers = present.map((part, index) => sql`${part.answer} AS ${sql.identifier(`answer_${index}`)}`);
  const result = await executor.execute<Record<string, unknown>>(sql`WITH ${sql.join(steps, sql`, `)} SELECT ${sql.join(answers, sql`, `)}`);
  const row = result.rows[0];
  assertInvariant(row, 'a combined write answers one row');
  present.forEach((part, index) => part.check(row[`answer_${index}`]));
}

/**
 * A part's answer built with `json_build_object` or `json_agg`, as the type its part wrote: both
 * drivers hand JSON back parsed (src/server/db/driver-types.test.ts holds them to it).
 */
export function jsonAnswer<T>(answer: unknown): T {
  return answer as T;
}
