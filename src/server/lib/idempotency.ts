import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyPattern } from '../../shared/schemas/banking';
import type { Database, Executor, Transaction } from '../db/client';
import { jsonRows } from '../db/json-rows';
import { jsonAnswer, type WritePart, writeTogether } from '../db/write-together';
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
  // `undefined` (an optional field left out) has no JSON of its own: it counts as null.
  return value === undefined ? 'null' : JSON.stringify(value);
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

/** One request's claim on its key: the user's key and what the request was. */
export type KeyClaim = { userId: string; key: string; fingerprint: string };
/** Claimed: this request does the work. Answered: an earlier request with this key already did. Reused: the key was spent on another request. */
export type ClaimOutcome = { kind: 'claimed' } | { kind: 'answered'; storedAnswer: unknown } | { kind: 'reused' };

export const keyReusedError = () => new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request');

/** The request's claim on its Idempotency-Key, or none when it sent no key. */
export function keyClaimOf(request: FastifyRequest, userId: string): KeyClaim | undefined {
  const key = idempotencyKeyOf(request);
  return key === undefined ? undefined : { userId, key, fingerprint: requestFingerprint(request) };
}

/**
 * Runs a money-moving handler at most once per (user, key), as payment APIs do, in one
 * transaction with one commit: the key is claimed, the work done and its answer stored
 * together. A concurrent duplicate waits on the key's row and then receives the stored answer;
 * a failed attempt or a crash rolls the claim back with the work, so a retry after either gets
 * a definite answer at once (moved once, or not at all) instead of waiting for a lease to end.
 */
export async function runIdempotent<T>(db: Database, request: FastifyRequest, userId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return runClaimed(db, keyClaimOf(request, userId), work);
}

/**
 * `runIdempotent` for a claim the caller made: one of several operations a single request
 * carries, each under its own key derived from the request's, so each is done at most once.
 */
export async function runClaimed<T>(db: Database, claim: KeyClaim | undefined, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (claim === undefined) return db.transaction(work);
  return db.transaction(async (tx) => {
    const [outcome] = await claimKeys(tx, [claim]);
    assertInvariant(outcome, 'one claim, one outcome');
    if (outcome.kind === 'reused') throw keyReusedError();
    if (outcome.kind === 'answered') return outcome.storedAnswer as T;
    const answer = await work(tx);
    await writeTogether(tx, [claimedKeysWrite([{ ...claim, answer }], [])]);
    return answer;
  });
}

const outcomeOf = (claim: KeyClaim, row: StoredRow): ClaimOutcome => (row.fingerprint === claim.fingerprint ? { kind: 'answered', storedAnswer: row.response_body } : { kind: 'reused' });

/**
 * Claims keys inside the caller's transaction, answering in the order given. A claim is
 * invisible to others until the transaction commits, by which time it holds the answer; a row
 * still `in_progress` can only be left by an earlier version of this code, which claimed keys
 * in a transaction of their own, and is taken over. Rows are claimed in key order, so two
 * transactions claiming overlapping keys wait for each other instead of deadlocking. A key may
 * appear only once per call. The claims' answers go with `claimedKeysWrite`.
 */
export async function claimKeys(tx: Transaction, claims: KeyClaim[]): Promise<ClaimOutcome[]> {
  if (claims.length === 0) return [];
  const rows = claims.map((claim) => ({ user_id: claim.userId, key: claim.key, fingerprint: claim.fingerprint }));
  const claimed = await tx.execute<{ user_id: string; key: string }>(sql`
    INSERT INTO idempotency_record (user_id, key, fingerprint, state)
    SELECT c.user_id, c.key, c.fingerprint, 'in_progress'
    FROM ${jsonRows(rows, sql`user_id text, key text, fingerprint text`)} AS c
    ORDER BY c.user_id, c.key
    ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, created_at = now()
      WHERE idempotency_record.state = 'in_progress'
    RETURNING user_id, key`);
  const claimedKeys = new Set(claimed.rows.map((row) => keyOf(row.user_id, row.key)));
  const stored = await storedRowsOf(
    tx,
    claims.filter((claim) => !claimedKeys.has(keyOf(claim.userId, claim.key))),
  );
  return claims.map((claim): ClaimOutcome => {
    if (claimedKeys.has(keyOf(claim.userId, claim.key))) return { kind: 'claimed' };
    const row = stored.get(keyOf(claim.userId, claim.key));
    assertInvariant(row, 'a key that conflicts on insert exists');
    return outcomeOf(claim, row);
  });
}

/** The rows stored for these claims' keys, done or not, by key. */
async function storedRowsOf(executor: Executor, claims: readonly KeyClaim[]): Promise<Map<string, StoredRow & { state: string }>> {
  if (claims.length === 0) return new Map();
  const lookups = claims.map((claim) => ({ user_id: claim.userId, key: claim.key }));
  const found = await executor.execute<StoredRow & { user_id: string; key: string; state: string }>(sql`
    SELECT r.user_id, r.key, r.fingerprint, r.response_body, r.state FROM idempotency_record r
    JOIN ${jsonRows(lookups, sql`user_id text, key text`)} AS c ON r.user_id = c.user_id AND r.key = c.key`);
  return new Map(found.rows.map((row) => [keyOf(row.user_id, row.key), row]));
}

/**
 * Without claiming anything: each claim's outcome if it were claimed now, counting only answers
 * already stored (a key not yet used, or left `in_progress` by an earlier version, reads as
 * `claimed`).
 */
export async function storedOutcomesOf(executor: Executor, claims: readonly KeyClaim[]): Promise<ClaimOutcome[]> {
  const stored = await storedRowsOf(executor, claims);
  return claims.map((claim) => {
    const row = stored.get(keyOf(claim.userId, claim.key));
    return row && row.state === 'done' ? outcomeOf(claim, row) : { kind: 'claimed' };
  });
}

/**
 * Stores the answers of keys the caller claimed (`claimKeys`), and gives back the keys of refused
 * work, so a corrected resend is judged afresh: a part of the work's combined write, so the
 * answer commits with what it answers.
 */
export function claimedKeysWrite(answers: ReadonlyArray<KeyClaim & { answer: unknown }>, refused: readonly KeyClaim[]): WritePart | undefined {
  if (answers.length === 0 && refused.length === 0) return undefined;
  const answerRows = answers.map((entry) => ({ user_id: entry.userId, key: entry.key, body: entry.answer }));
  const refusedRows = refused.map((claim) => ({ user_id: claim.userId, key: claim.key }));
  return {
    steps: [
      [
        'keys_answered',
        sql`
        UPDATE idempotency_record AS r SET state = 'done', response_body = a.body
        FROM ${jsonRows(answerRows, sql`user_id text, key text, body jsonb`)} AS a
        WHERE r.user_id = a.user_id AND r.key = a.key AND r.state = 'in_progress'
        RETURNING 1`,
      ],
      [
        'keys_released',
        sql`
        DELETE FROM idempotency_record AS r USING ${jsonRows(refusedRows, sql`user_id text, key text`)} AS c
        WHERE r.user_id = c.user_id AND r.key = c.key AND r.state = 'in_progress'`,
      ],
    ],
    answer: sql`(SELECT count(*)::int FROM keys_answered)`,
    check: (stored) => assertInvariant(Number(stored) === answers.length, 'every claimed key takes its answer'),
  };
}

/** Keys a batch meant to answer were answered by another transaction since the batch began: the batch must roll back. */
export class KeyAnsweredMeanwhile extends Error {
  constructor(readonly keys: ReadonlySet<string>) {
    super('an Idempotency-Key of the batch was answered by another transaction meanwhile');
  }
}

/**
 * For keys the caller did not claim: stores the answers of the work done as new keys, and reads
 * the keys of refused work, as a part of the work's combined write. A key that another
 * transaction answered before (a resend) or meanwhile (a duplicate on another instance) makes the
 * insert wait for that transaction and then find the row: the part throws `KeyAnsweredMeanwhile`
 * naming those keys, and the caller's transaction, work and all, rolls back. A refused order's
 * key found answered is handed to `onAnsweredMeanwhile`: that answer, not the refusal, is what
 * its resend must see.
 */
export function newKeysWrite(
  answers: ReadonlyArray<KeyClaim & { answer: unknown }>,
  refused: readonly KeyClaim[],
  onAnsweredMeanwhile: (outcomes: ReadonlyMap<string, ClaimOutcome>) => void,
): WritePart | undefined {
  if (answers.length === 0 && refused.length === 0) return undefined;
  const answerRows = answers.map((entry) => ({ user_id: entry.userId, key: entry.key, fingerprint: entry.fingerprint, body: entry.answer }));
  const refusedRows = refused.map((claim) => ({ user_id: claim.userId, key: claim.key }));
  return {
    steps: [
      [
        'keys_stored',
        sql`
        INSERT INTO idempotency_record AS r (user_id, key, fingerprint, state, response_body)
        SELECT a.user_id, a.key, a.fingerprint, 'done', a.body
        FROM ${jsonRows(answerRows, sql`user_id text, key text, fingerprint text, body jsonb`)} AS a
        ORDER BY a.user_id, a.key
        ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, state = 'done', response_body = EXCLUDED.response_body, created_at = now()
          WHERE r.state = 'in_progress'
        RETURNING r.user_id, r.key`,
      ],
      [
        'keys_refused_found',
        sql`
        SELECT r.user_id, r.key, r.fingerprint, r.response_body FROM idempotency_record r
        JOIN ${jsonRows(refusedRows, sql`user_id text, key text`)} AS c ON r.user_id = c.user_id AND r.key = c.key
        WHERE r.state = 'done'`,
      ],
    ],
    answer: sql`json_build_object(
      'stored', (SELECT coalesce(json_agg(keys_stored), '[]'::json) FROM keys_stored),
      'found', (SELECT coalesce(json_agg(keys_refused_found), '[]'::json) FROM keys_refused_found))`,
    check: (answer) => {
      const written = jsonAnswer<{ stored: Array<{ user_id: string; key: string }>; found: Array<StoredRow & { user_id: string; key: string }> }>(answer);
      if (written.stored.length !== answers.length) {
        const stored = new Set(written.stored.map((row) => keyOf(row.user_id, row.key)));
        throw new KeyAnsweredMeanwhile(new Set(answers.map((entry) => keyOf(entry.userId, entry.key)).filter((key) => !stored.has(key))));
      }
      const byKey = new Map(refused.map((claim) => [keyOf(claim.userId, claim.key), claim]));
      const outcomes = new Map<string, ClaimOutcome>();
      for (const row of written.found) {
        const key = keyOf(row.user_id, row.key);
        const claim = byKey.get(key);
        if (claim) outcomes.set(key, outcomeOf(claim, row));
      }
      if (outcomes.size > 0) onAnsweredMeanwhile(outcomes);
    },
  };
}

/**
 * Whether the request under this claim was already done: its answer is stored with the same
 * fingerprint. Read without claiming anything; a resend then receives that answer as usual.
 */
export async function hasStoredAnswer(db: Database, claim: KeyClaim): Promise<boolean> {
  const [outcome] = await storedOutcomesOf(db, [claim]);
  return outcome?.kind === 'answered';
}

/** One string per (customer, key): two customers may use the same key for different operations. */
export const keyOf = (userId: string, key: string) => `${userId}\u0000${key}`;

/** A client resends within seconds or minutes; a day later a key is only clutter. */
export const idempotencyRecordLifetimeMs = 24 * 60 * 60 * 1000;

/** Removed by the periodic sweep; answers how many went. */
export async function deleteExpiredIdempotencyRecords(db: Database): Promise<number> {
  const deleted = await db.execute<{ key: string }>(sql`
    DELETE FROM idempotency_record WHERE created_at < now() - ${idempotencyRecordLifetimeMs} * interval '1 millisecond' RETURNING key`);
  return deleted.rows.length;
}
