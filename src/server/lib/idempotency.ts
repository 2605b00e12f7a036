import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyPattern } from '../../shared/schemas/banking';
import type { Database, Transaction } from '../db/client';
import { AppError, assertInvariant } from '../errors';

type StoredRow = { fingerprint: string; response_body: unknown };

/** The validated body (amounts already in poisha): key order and number spelling do not change it. */
function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Method, route and the validated path parameters and body: `DELETE /api/x/:id` for two ids are two requests. */
export function requestFingerprint(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  const input = canonicalJson({ params: request.params ?? null, body: request.body ?? null });
  return createHash('sha256').update(`${request.method} ${route} ${input}`).digest('hex');
}

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !idempotencyKeyPattern.test(key)) {
    const message = 'Idempotency-Key must be 8 to 100 letters, digits, dashes, underscores or colons';
    throw new AppError(400, 'invalid_input', message, { 'Idempotency-Key': message });
  }
  return key;
}

/**
 * Runs a money-moving handler at most once per (user, key), as payment APIs do, in one
 * transaction with one commit: the key is claimed, the work done and its answer stored
 * together. A concurrent duplicate waits on the key's row and then receives the stored answer;
 * a failed attempt or a crash rolls the claim back with the work, so a retry after either gets
 * a definite answer at once (moved once, or not at all) instead of waiting for a lease to end.
 */
export async function runIdempotent<T>(
  db: Database,
  request: FastifyRequest,
  userId: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return db.transaction(work);
  const fingerprint = requestFingerprint(request);
  return db.transaction(async (tx) => {
    const claim = await claimKey(tx, userId, key, fingerprint);
    if (!claim.claimed) return claim.storedAnswer as T;
    const answer = await work(tx);
    await tx.execute(sql`
      UPDATE idempotency_record SET state = 'done', response_status = 200, response_body = ${JSON.stringify(answer)}::jsonb
      WHERE user_id = ${userId} AND key = ${key}`);
    return answer;
  });
}

/**
 * Claims the key inside the caller's transaction. The claim is invisible to others until the
 * transaction commits, by which time it holds the answer; a row still `in_progress` can only be
 * left by an earlier version of this code, which claimed keys in a transaction of their own,
 * and is taken over.
 */
async function claimKey(tx: Transaction, userId: string, key: string, fingerprint: string): Promise<{ claimed: true } | { claimed: false; storedAnswer: unknown }> {
  const claimed = await tx.execute<{ key: string }>(sql`
    INSERT INTO idempotency_record (user_id, key, fingerprint, state) VALUES (${userId}, ${key}, ${fingerprint}, 'in_progress')
    ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, created_at = now()
      WHERE idempotency_record.state = 'in_progress'
    RETURNING key`);
  if (claimed.rows.length > 0) return { claimed: true };
  const stored = await tx.execute<StoredRow>(sql`
    SELECT fingerprint, response_body FROM idempotency_record WHERE user_id = ${userId} AND key = ${key}`);
  const row = stored.rows[0];
  assertInvariant(row, 'a key that conflicts on insert exists');
  if (row.fingerprint !== fingerprint) {
    throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request');
  }
  return { claimed: false, storedAnswer: row.response_body };
}

/** A client resends within seconds or minutes; a day later a key is only clutter. */
export const idempotencyRecordLifetimeMs = 24 * 60 * 60 * 1000;

/** Removed by the periodic sweep; answers how many went. */
export async function deleteExpiredIdempotencyRecords(db: Database): Promise<number> {
  const deleted = await db.execute<{ key: string }>(sql`
    DELETE FROM idempotency_record WHERE created_at < now() - ${idempotencyRecordLifetimeMs} * interval '1 millisecond' RETURNING key`);
  return deleted.rows.length;
}
