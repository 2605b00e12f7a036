import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyPattern } from '../../shared/schemas/banking';
import type { Database, Transaction } from '../db/client';
import { AppError } from '../errors';

/** A request still marked in progress after this long was abandoned (a crashed process): it may be taken over. */
export const idempotencyAbandonedAfterMs = 5 * 60 * 1000;

type StoredRow = { fingerprint: string; state: 'in_progress' | 'done'; response_status: number | null; response_body: unknown; abandoned: boolean };

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
 * Runs a money-moving handler at most once per (user, key), as payment APIs do. The key is
 * claimed in its own short transaction so that a concurrent retry sees it (409 in progress);
 * the answer is stored in the same transaction as the money movement, so a retry after success
 * always gets the first answer and never moves money twice. A failed attempt releases the key.
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
  const claimed = await claimKey(db, userId, key, fingerprint);
  if (!claimed.ok) return claimed.replay as T;
  try {
    return await db.transaction(async (tx) => {
      const answer = await work(tx);
      await tx.execute(sql`
        UPDATE idempotency_record SET state = 'done', response_status = 200, response_body = ${JSON.stringify(answer)}::jsonb
        WHERE user_id = ${userId} AND key = ${key}`);
      return answer;
    });
  } catch (error) {
    await db.execute(sql`DELETE FROM idempotency_record WHERE user_id = ${userId} AND key = ${key} AND state = 'in_progress'`);
    throw error;
  }
}

async function claimKey(db: Database, userId: string, key: string, fingerprint: string): Promise<{ ok: true } | { ok: false; replay: unknown }> {
  const inserted = await db.execute<{ key: string }>(sql`
    INSERT INTO idempotency_record (user_id, key, fingerprint, state) VALUES (${userId}, ${key}, ${fingerprint}, 'in_progress')
    ON CONFLICT (user_id, key) DO NOTHING RETURNING key`);
  if (inserted.rows.length > 0) return { ok: true };
  const existing = await db.execute<StoredRow>(sql`
    SELECT fingerprint, state, response_status, response_body,
      created_at < now() - ${idempotencyAbandonedAfterMs} * interval '1 millisecond' AS abandoned
    FROM idempotency_record WHERE user_id = ${userId} AND key = ${key}`);
  const row = existing.rows[0];
  if (!row) return claimKey(db, userId, key, fingerprint);
  if (row.fingerprint !== fingerprint) {
    throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request');
  }
  if (row.state === 'done') return { ok: false, replay: row.response_body };
  if (row.abandoned) {
    await db.execute(sql`DELETE FROM idempotency_record WHERE user_id = ${userId} AND key = ${key} AND state = 'in_progress'`);
    return claimKey(db, userId, key, fingerprint);
  }
  throw new AppError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
}
