import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** A Dhaka wall-clock time as an instant (Dhaka is UTC+6). */
export const dhaka = (local: string) => new Date(`${local}+06:00`);

export async function setBusinessDate(db: Database, date: string): Promise<void> {
  await db.execute(sql`UPDATE business_date SET business_date = ${date}::date`);
}

/** An active account of `type` opened straight in the database, as the bench seeds them. */
export async function openAccount(db: Database, type: 'savings' | 'student' | 'current'): Promise<string> {
  const userId = randomUUID();
  const id = String(Math.floor(Math.random() * 9e12) + 1e12);
  await db.execute(sql`INSERT INTO "user" (id, name, email) VALUES (${userId}, 'Rahima Khatun', ${`${userId}@example.com`})`);
  await db.execute(sql`INSERT INTO ledger_account (code, kind) VALUES (${id}, 'customer')`);
  await db.execute(sql`
    INSERT INTO bank_account (id, owner_user_id, account_type, status, holder_name, email, phone, photo_url, gender, birth_date, nid, residential_area, permanent_area, nominee_name, nominee_nid, nominee_relation)
    VALUES (${id}, ${userId}, ${type}, 'active', 'Rahima Khatun', ${`${userId}@example.com`}, '+8801712345678', '/x.png', 'Female', '1990-01-01', '1234567890', 'Dhaka', 'Dhaka', 'Karim', '9876543210', 'Brother')`);
  return id;
}

/** A cash deposit (or withdrawal, when negative) whose transaction began at `at`: one balanced entry. */
export async function move(db: Database, accountId: string, amountPoisha: bigint, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await tx.execute<{ id: string }>(sql`INSERT INTO journal_entry (kind, memo, created_at) VALUES ('deposit', 'Test deposit', ${at.toISOString()}) RETURNING id`);
    const entryId = entry.rows[0]!.id;
    for (const [code, amount] of [
      [accountId, amountPoisha],
      ['bank:cash', -amountPoisha],
    ] as const) {
      const after = await tx.execute<{ balance: string }>(sql`UPDATE ledger_account SET balance_poisha = balance_poisha + ${amount} WHERE code = ${code} RETURNING balance_poisha::text AS balance`);
      await tx.execute(
        sql`INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha, created_at) VALUES (${entryId}, ${code}, ${amount}, ${after.rows[0]!.balance}, ${at.toISOString()})`,
      );
    }
  });
}
