import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Rail } from '../shared/bank-directory';

/**
 * The switch's own books, in its own embedded PostgreSQL (PGlite): a folder of its own when it runs
 * as a separate process (so its books survive a restart), in memory when embedded or tested. It
 * shares nothing with the bank's database: the two sides are reconciled by their messages.
 */
const schemaSql = `
CREATE SEQUENCE IF NOT EXISTS payment_number;
CREATE TABLE IF NOT EXISTS message (
  id bigserial PRIMARY KEY,
  participant text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('received', 'sent')),
  message_type text NOT NULL,
  message_id text,
  xml text NOT NULL,
  at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS seen_nonce (
  sender text NOT NULL,
  nonce text NOT NULL,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (sender, nonce)
);
CREATE TABLE IF NOT EXISTS payment (
  reference text PRIMARY KEY,
  debtor_agent text NOT NULL,
  message_id text NOT NULL,
  end_to_end_id text NOT NULL,
  rail text NOT NULL,
  creditor_agent text NOT NULL,
  creditor_account text NOT NULL,
  amount_poisha bigint NOT NULL CHECK (amount_poisha > 0),
  status text NOT NULL CHECK (status IN ('ACSP', 'ACSC', 'RJCT', 'RTND')),
  reason_code text,
  reason_text text,
  session_id text,
  received_at timestamptz NOT NULL,
  settled_at timestamptz,
  out_of_order boolean NOT NULL DEFAULT false,
  request_xml text NOT NULL,
  UNIQUE (debtor_agent, message_id)
);
CREATE TABLE IF NOT EXISTS payment_return (
  reference text PRIMARY KEY REFERENCES payment,
  instructing_agent text NOT NULL,
  message_id text NOT NULL,
  return_id text NOT NULL,
  reason_code text NOT NULL,
  reason_text text,
  returned_at timestamptz NOT NULL,
  UNIQUE (instructing_agent, message_id)
);
CREATE TABLE IF NOT EXISTS position_entry (
  id bigserial PRIMARY KEY,
  participant text NOT NULL,
  amount_poisha bigint NOT NULL CHECK (amount_poisha <> 0),
  kind text NOT NULL CHECK (kind IN ('payment', 'return')),
  payment_reference text NOT NULL REFERENCES payment,
  message_id text NOT NULL,
  end_to_end_id text NOT NULL,
  rail text NOT NULL,
  booked_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS job (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('deliver', 'return')),
  participant text NOT NULL,
  due_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  done_at timestamptz
);
CREATE TABLE IF NOT EXISTS participant_position (
  participant text PRIMARY KEY,
  balance_poisha bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS job_due ON job (due_at, id) WHERE done_at IS NULL;
CREATE INDEX IF NOT EXISTS position_entry_participant ON position_entry (participant, booked_at);
CREATE INDEX IF NOT EXISTS seen_nonce_seen_at ON seen_nonce (seen_at);
`;

/**
 * Each participant's position is the sum of its entries; the sum is also kept, moved in the
 * transaction that books each entry, so a payment's net debit cap is checked by reading one row
 * rather than summing every entry the switch ever booked. Books written before the sum was kept
 * get it once, from their entries.
 */
const positionsFromEntriesSql = `
INSERT INTO participant_position (participant, balance_poisha)
SELECT participant, sum(amount_poisha) FROM position_entry GROUP BY participant
ON CONFLICT (participant) DO NOTHING;
`;

export type PaymentStatus = 'ACSP' | 'ACSC' | 'RJCT' | 'RTND';

export type PaymentRow = {
  reference: string;
  debtorAgent: string;
  messageId: string;
  endToEndId: string;
  rail: Rail;
  creditorAgent: string;
  creditorAccount: string;
  amountPoisha: bigint;
  status: PaymentStatus;
  reasonCode: string | null;
  reasonText: string | null;
  sessionId: string | null;
  receivedAt: Date;
  settledAt: Date | null;
  outOfOrder: boolean;
  requestXml: string;
};

export type DeliverPayload = { xml: string; messageType: string; messageId: string; paymentReference?: string };
export type ReturnPayload = { paymentReference: string; reasonCode: string; reasonText?: string };
export type JobRow =
  { id: number; kind: 'deliver'; participant: string; attempts: number; payload: DeliverPayload } | { id: number; kind: 'return'; participant: string; attempts: number; payload: ReturnPayload };

export type Executor = PGlite | Transaction;

type RawPayment = Record<string, unknown>;

function paymentFrom(row: RawPayment): PaymentRow {
  return {
    reference: row.reference as string,
    debtorAgent: row.debtor_agent as string,
    messageId: row.message_id as string,
    endToEndId: row.end_to_end_id as string,
    rail: row.rail as Rail,
    creditorAgent: row.creditor_agent as string,
    creditorAccount: row.creditor_account as string,
    amountPoisha: BigInt(row.amount_poisha as string),
    status: row.status as PaymentStatus,
    reasonCode: row.reason_code as string | null,
    reasonText: row.reason_text as string | null,
    sessionId: row.session_id as string | null,
    receivedAt: row.received_at as Date,
    settledAt: row.settled_at as Date | null,
    outOfOrder: row.out_of_order as boolean,
    requestXml: row.request_xml as string,
  };
}

const paymentColumns = `reference, debtor_agent, message_id, end_to_end_id, rail, creditor_agent, creditor_account,
  amount_poisha::text AS amount_poisha, status, reason_code, reason_text, session_id, received_at, settled_at, out_of_order, request_xml`;

export async function openStore(dataDir: string | undefined): Promise<PGlite> {
  const db = await PGlite.create(dataDir);
  await db.exec(schemaSql);
  await db.exec(positionsFromEntriesSql);
  return db;
}

export async function recordMessage(db: Executor, message: { participant: string; direction: 'received' | 'sent'; type: string; messageId?: string; xml: string; at: Date }): Promise<void> {
  await db.query('INSERT INTO message (participant, direction, message_type, message_id, xml, at) VALUES ($1, $2, $3, $4, $5, $6)', [
    message.participant,
    message.direction,
    message.type,
    message.messageId ?? null,
    message.xml,
    message.at,
  ]);
}

export async function messagesOf(db: Executor, participant: string): Promise<{ direction: string; type: string; messageId: string | null; xml: string }[]> {
  const result = await db.query<{ direction: string; message_type: string; message_id: string | null; xml: string }>(
    'SELECT direction, message_type, message_id, xml FROM message WHERE participant = $1 ORDER BY id',
    [participant],
  );
  return result.rows.map((row) => ({ direction: row.direction, type: row.message_type, messageId: row.message_id, xml: row.xml }));
}

/** Remembers a nonce; false when this sender used it before. */
export async function rememberNonce(db: Executor, sender: string, nonce: string, now: Date): Promise<boolean> {
  const result = await db.query('INSERT INTO seen_nonce (sender, nonce, seen_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [sender, nonce, now]);
  return (result.affectedRows ?? 0) === 1;
}

/** Drops the nonces seen before `before`: a message signed that long ago is refused as stale, so its nonce cannot be replayed. */
export async function forgetNoncesBefore(db: Executor, before: Date): Promise<void> {
  await db.query('DELETE FROM seen_nonce WHERE seen_at < $1', [before]);
}

export async function nextPaymentReference(db: Executor, date: string): Promise<string> {
  const result = await db.query<{ number: string }>("SELECT nextval('payment_number')::text AS number");
  return `CH${date.replaceAll('-', '')}${result.rows[0]!.number.padStart(8, '0')}`;
}

export async function insertPayment(db: Executor, payment: PaymentRow): Promise<void> {
  await db.query(
    `INSERT INTO payment (reference, debtor_agent, message_id, end_to_end_id, rail, creditor_agent, creditor_account, amount_poisha,
       status, reason_code, reason_text, session_id, received_at, settled_at, out_of_order, request_xml)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      payment.reference,
      payment.debtorAgent,
      payment.messageId,
      payment.endToEndId,
      payment.rail,
      payment.creditorAgent,
      payment.creditorAccount,
      payment.amountPoisha.toString(),
      payment.status,
      payment.reasonCode,
      payment.reasonText,
      payment.sessionId,
      payment.receivedAt,
      payment.settledAt,
      payment.outOfOrder,
      payment.requestXml,
    ],
  );
}

export async function paymentByMessage(db: Executor, debtorAgent: string, messageId: string): Promise<PaymentRow | undefined> {
  const result = await db.query<RawPayment>(`SELECT ${paymentColumns} FROM payment WHERE debtor_agent = $1 AND message_id = $2`, [debtorAgent, messageId]);
  return result.rows[0] ? paymentFrom(result.rows[0]) : undefined;
}

export async function paymentByReference(db: Executor, reference: string): Promise<PaymentRow | undefined> {
  const result = await db.query<RawPayment>(`SELECT ${paymentColumns} FROM payment WHERE reference = $1`, [reference]);
  return result.rows[0] ? paymentFrom(result.rows[0]) : undefined;
}

/** Every payment the switch has received, oldest first: for checking its books against a bank's after a run. */
export async function allPayments(db: Executor): Promise<PaymentRow[]> {
  const result = await db.query<RawPayment>(`SELECT ${paymentColumns} FROM payment ORDER BY received_at, reference`);
  return result.rows.map(paymentFrom);
}

export async function setPaymentStatus(db: Executor, reference: string, change: { status: PaymentStatus; reasonCode?: string; reasonText?: string; settledAt?: Date }): Promise<void> {
  await db.query('UPDATE payment SET status = $2, reason_code = COALESCE($3, reason_code), reason_text = COALESCE($4, reason_text), settled_at = COALESCE($5, settled_at) WHERE reference = $1', [
    reference,
    change.status,
    change.reasonCode ?? null,
    change.reasonText ?? null,
    change.settledAt ?? null,
  ]);
}

/** BEFTN payments still waiting for a session that has closed by `now`. */
export async function beftnPaymentsAwaitingSettlement(db: Executor): Promise<PaymentRow[]> {
  const result = await db.query<RawPayment>(`SELECT ${paymentColumns} FROM payment WHERE rail = 'BEFTN' AND status = 'ACSP' AND session_id IS NOT NULL ORDER BY received_at, reference`);
  return result.rows.map(paymentFrom);
}

/** Total already credited today (from `since`) to one account at one participant, for the wallets' daily limit. */
export async function creditedSince(db: Executor, participant: string, account: string, since: Date): Promise<bigint> {
  const result = await db.query<{ total: string }>(
    "SELECT COALESCE(sum(amount_poisha), 0)::text AS total FROM payment WHERE creditor_agent = $1 AND creditor_account = $2 AND status IN ('ACSP', 'ACSC') AND received_at >= $3",
    [participant, account, since],
  );
  return BigInt(result.rows[0]!.total);
}

/**
 * Books one settled movement: the payer's position down, the payee's up, by the same amount; both
 * entries and both running sums in one statement (each statement is a round of the embedded
 * database, and a payment books one movement).
 */
export async function bookMovement(
  db: Executor,
  movement: { payer: string; payee: string; amountPoisha: bigint; kind: 'payment' | 'return'; paymentReference: string; messageId: string; endToEndId: string; rail: Rail; at: Date },
): Promise<void> {
  if (movement.amountPoisha <= 0n) throw new Error('A movement must be of a positive amount');
  // One statement may not move the same running sum twice.
  if (movement.payer === movement.payee) throw new Error('A movement is between two participants');
  await db.query(
    `WITH entries AS (
       INSERT INTO position_entry (participant, amount_poisha, kind, payment_reference, message_id, end_to_end_id, rail, booked_at)
       VALUES ($1, -($3::bigint), $4, $5, $6, $7, $8, $9), ($2, $3::bigint, $4, $5, $6, $7, $8, $9)
       RETURNING participant, amount_poisha
     )
     INSERT INTO participant_position (participant, balance_poisha) SELECT participant, amount_poisha FROM entries
     ON CONFLICT (participant) DO UPDATE SET balance_poisha = participant_position.balance_poisha + EXCLUDED.balance_poisha`,
    [movement.payer, movement.payee, movement.amountPoisha.toString(), movement.kind, movement.paymentReference, movement.messageId, movement.endToEndId, movement.rail, movement.at],
  );
}

export async function positions(db: Executor): Promise<Map<string, bigint>> {
  const result = await db.query<{ participant: string; total: string }>('SELECT participant, balance_poisha::text AS total FROM participant_position ORDER BY participant');
  return new Map(result.rows.map((row) => [row.participant, BigInt(row.total)]));
}

/** One participant's position now (zero before its first movement). */
export async function positionOf(db: Executor, participant: string): Promise<bigint> {
  const result = await db.query<{ total: string }>('SELECT balance_poisha::text AS total FROM participant_position WHERE participant = $1', [participant]);
  return BigInt(result.rows[0]?.total ?? '0');
}

export async function positionAt(db: Executor, participant: string, before: Date): Promise<bigint> {
  const result = await db.query<{ total: string }>('SELECT COALESCE(sum(amount_poisha), 0)::text AS total FROM position_entry WHERE participant = $1 AND booked_at < $2', [participant, before]);
  return BigInt(result.rows[0]!.total);
}

export async function entriesBetween(
  db: Executor,
  participant: string,
  from: Date,
  to: Date,
): Promise<{ amountPoisha: bigint; kind: 'payment' | 'return'; paymentReference: string; messageId: string; endToEndId: string; rail: Rail; bookedAt: Date }[]> {
  const result = await db.query<Record<string, unknown>>(
    'SELECT amount_poisha::text AS amount_poisha, kind, payment_reference, message_id, end_to_end_id, rail, booked_at FROM position_entry WHERE participant = $1 AND booked_at >= $2 AND booked_at < $3 ORDER BY booked_at, id',
    [participant, from, to],
  );
  return result.rows.map((row) => ({
    amountPoisha: BigInt(row.amount_poisha as string),
    kind: row.kind as 'payment' | 'return',
    paymentReference: row.payment_reference as string,
    messageId: row.message_id as string,
    endToEndId: row.end_to_end_id as string,
    rail: row.rail as Rail,
    bookedAt: row.booked_at as Date,
  }));
}

export async function insertReturn(
  db: Executor,
  record: { reference: string; instructingAgent: string; messageId: string; returnId: string; reasonCode: string; reasonText?: string; at: Date },
): Promise<void> {
  await db.query('INSERT INTO payment_return (reference, instructing_agent, message_id, return_id, reason_code, reason_text, returned_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    record.reference,
    record.instructingAgent,
    record.messageId,
    record.returnId,
    record.reasonCode,
    record.reasonText ?? null,
    record.at,
  ]);
}

export async function returnByMessage(db: Executor, instructingAgent: string, messageId: string): Promise<{ reference: string } | undefined> {
  const result = await db.query<{ reference: string }>('SELECT reference FROM payment_return WHERE instructing_agent = $1 AND message_id = $2', [instructingAgent, messageId]);
  return result.rows[0];
}

export async function enqueueJob(
  db: Executor,
  job: { kind: 'deliver'; participant: string; dueAt: Date; payload: DeliverPayload } | { kind: 'return'; participant: string; dueAt: Date; payload: ReturnPayload },
): Promise<void> {
  await db.query('INSERT INTO job (kind, participant, due_at, payload) VALUES ($1, $2, $3, $4)', [job.kind, job.participant, job.dueAt, JSON.stringify(job.payload)]);
}

export async function dueJobs(db: Executor, now: Date, limit: number): Promise<JobRow[]> {
  const result = await db.query<{ id: number; kind: 'deliver' | 'return'; participant: string; attempts: number; payload: unknown }>(
    'SELECT id::int AS id, kind, participant, attempts, payload FROM job WHERE done_at IS NULL AND due_at <= $1 ORDER BY due_at, id LIMIT $2',
    [now, limit],
  );
  return result.rows as JobRow[];
}

export async function finishJob(db: Executor, id: number, at: Date): Promise<void> {
  await db.query('UPDATE job SET done_at = $2 WHERE id = $1', [id, at]);
}

export async function retryJob(db: Executor, id: number, dueAt: Date, error: string): Promise<void> {
  await db.query('UPDATE job SET attempts = attempts + 1, due_at = $2, last_error = $3 WHERE id = $1', [id, dueAt, error.slice(0, 500)]);
}

export async function pendingJobCount(db: Executor): Promise<number> {
  const result = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM job WHERE done_at IS NULL');
  return result.rows[0]!.count;
}
