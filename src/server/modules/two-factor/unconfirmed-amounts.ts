import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { type WritePart, writeTogether } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { stepUpRequired } from './second-factor';
import { capExceeded, type UnconfirmedCap, type UnconfirmedSums, type UnconfirmedWindow } from './second-factor-rules';

/**
 * The sums kept in `unconfirmed_amount`: what each person moved without a fresh code in the
 * current hour and day of the bank's clock. The clock is the database's, in Dhaka time, so every
 * server instance agrees on which window a transfer falls in whatever its own clock says.
 */

const windowKeyFormat: Record<UnconfirmedWindow, string> = { hour: 'YYYY-MM-DD"T"HH24', day: 'YYYY-MM-DD' };

const windowKeySql = sql`CASE v.window_name WHEN 'hour' THEN to_char(now() AT TIME ZONE 'Asia/Dhaka', ${windowKeyFormat.hour})
  ELSE to_char(now() AT TIME ZONE 'Asia/Dhaka', ${windowKeyFormat.day}) END`;

/**
 * Each person's sums for `caps`, locked until the caller's transaction ends: rows are created at
 * nothing when missing and start again when they belong to an earlier window, in one statement,
 * in (person, kind) order so that two transactions cannot deadlock over them. Whoever holds the
 * lock decides on the sum as it stands; the next waits and sees what the first added.
 */
export async function lockUnconfirmedSums(tx: Transaction, userIds: readonly string[], caps: readonly UnconfirmedCap[]): Promise<Map<string, Map<string, bigint>>> {
  const sums = new Map<string, Map<string, bigint>>();
  const rows = [...new Set(userIds)].sort().flatMap((userId) => caps.map((cap) => ({ user_id: userId, kind: cap.kind, window_name: cap.window })));
  if (rows.length === 0) return sums;
  const result = await tx.execute<{ user_id: string; kind: string; amount_poisha: string }>(sql`
    INSERT INTO unconfirmed_amount AS u (user_id, kind, window_key, amount_poisha)
    SELECT v.user_id, v.kind, ${windowKeySql}, 0 FROM ${jsonRows(rows, sql`user_id text, kind text, window_name text`)} AS v
    ORDER BY v.user_id, v.kind
    ON CONFLICT (user_id, kind) DO UPDATE SET
      amount_poisha = CASE WHEN u.window_key = excluded.window_key THEN u.amount_poisha ELSE 0 END,
      window_key = excluded.window_key
    RETURNING u.user_id, u.kind, u.amount_poisha::text AS amount_poisha`);
  for (const row of result.rows) {
    const own = sums.get(row.user_id) ?? new Map<string, bigint>();
    own.set(row.kind, BigInt(row.amount_poisha));
    sums.set(row.user_id, own);
  }
  assertInvariant(result.rows.length === rows.length, 'every person has a locked sum for every cap');
  return sums;
}

/**
 * One person's sums for `caps` as they stand, read without a lock (a sum of an earlier window
 * reads as nothing): for the step-up check before a confirm step, which the operation repeats
 * under its locks.
 */
export async function readUnconfirmedSums(executor: Executor, userId: string, caps: readonly UnconfirmedCap[]): Promise<Map<string, Map<string, bigint>>> {
  const rows = caps.map((cap) => ({ kind: cap.kind, window_name: cap.window }));
  const result = await executor.execute<{ kind: string; amount_poisha: string }>(sql`
    SELECT v.kind, (CASE WHEN u.window_key = ${windowKeySql} THEN u.amount_poisha ELSE 0 END)::text AS amount_poisha
    FROM ${jsonRows(rows, sql`kind text, window_name text`)} AS v
    LEFT JOIN unconfirmed_amount AS u ON u.user_id = ${userId} AND u.kind = v.kind`);
  return new Map([[userId, new Map(result.rows.map((row) => [row.kind, BigInt(row.amount_poisha)]))]]);
}

/** One person's sums as `lockUnconfirmedSums` read them (nothing for a person it did not read). */
export function sumsOf(sums: ReadonlyMap<string, ReadonlyMap<string, bigint>>, userId: string): UnconfirmedSums {
  return sums.get(userId) ?? new Map();
}

/**
 * Adds what each person moved without a code to every one of their sums for `caps`, as one part
 * of a combined write (`writeTogether`); the rows were locked (and so exist, in this window) by
 * `lockUnconfirmedSums` in the same transaction. Nothing to write when nothing was added.
 */
export function unconfirmedSumsWrite(addedPoisha: ReadonlyMap<string, bigint>, caps: readonly UnconfirmedCap[]): WritePart | undefined {
  const rows = [...addedPoisha].filter(([, amount]) => amount > 0n).flatMap(([userId, amount]) => caps.map((cap) => ({ user_id: userId, kind: cap.kind, amount: amount.toString() })));
  if (rows.length === 0) return undefined;
  return {
    steps: [
      [
        'unconfirmed_added',
        sql`
      UPDATE unconfirmed_amount AS u SET amount_poisha = u.amount_poisha + v.amount
      FROM ${jsonRows(rows, sql`user_id text, kind text, amount bigint`)} AS v
      WHERE u.user_id = v.user_id AND u.kind = v.kind
      RETURNING 1`,
      ],
    ],
    answer: sql`(SELECT count(*)::int FROM unconfirmed_added)`,
    check: (written) => assertInvariant(Number(written) === rows.length, 'every sum moved without a code is counted'),
  };
}

/**
 * Counts `amountPoisha` that `user` moves without a code against `caps`, in the caller's
 * transaction, or refuses with the step-up refusal (`stepUpRequired`) when it would take a
 * window's sum past its cap: the caller's transaction then rolls back with nothing written, and
 * the same request sent again with a code goes through. For operations decided one at a time (a
 * staff approval); a batch of transfers counts its own (`unconfirmed-transfers.ts`).
 */
export async function countWithoutCode(tx: Transaction, user: Pick<SignedInUser, 'id' | 'twoFactorEnabled' | 'phoneVerified'>, caps: readonly UnconfirmedCap[], amountPoisha: bigint): Promise<void> {
  const sums = await lockUnconfirmedSums(tx, [user.id], caps);
  if (capExceeded(caps, sumsOf(sums, user.id), amountPoisha)) throw stepUpRequired(user);
  await writeTogether(tx, [unconfirmedSumsWrite(new Map([[user.id, amountPoisha]]), caps)]);
}
