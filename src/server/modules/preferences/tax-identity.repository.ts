import { eq } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit';
import { maskedTin } from '../../../shared/schemas/tax-identity';
import { schema, type Database, type Executor } from '../../db/client';

export type StoredTin = { tin: string; recordedAt: Date };

export async function tinOf(db: Executor, userId: string): Promise<StoredTin | null> {
  const [row] = await db
    .select({ tin: schema.customerTaxIdentity.tin, recordedAt: schema.customerTaxIdentity.recordedAt })
    .from(schema.customerTaxIdentity)
    .where(eq(schema.customerTaxIdentity.userId, userId));
  return row ?? null;
}

/**
 * Adds or replaces the customer's TIN, audited in the same transaction. The audit keeps the masked
 * digits only: the trail is read by more staff than need a customer's whole TIN.
 */
export async function saveTin(db: Database, userId: string, tin: string): Promise<StoredTin> {
  return db.transaction(async (tx) => {
    const before = await tinOf(tx, userId);
    // The same TIN again changes nothing, so it writes nothing either.
    if (before?.tin === tin) return before;
    const recordedAt = new Date();
    await tx.insert(schema.customerTaxIdentity).values({ userId, tin, recordedAt }).onConflictDoUpdate({ target: schema.customerTaxIdentity.userId, set: { tin, recordedAt } });
    await recordAudit(tx, {
      actorUserId: userId,
      action: before ? 'user.tin_change' : 'user.tin_added',
      subjectType: 'user',
      subjectId: userId,
      before: before ? maskedTin(before.tin) : null,
      after: maskedTin(tin),
    });
    return { tin, recordedAt };
  });
}

/** Removes the customer's TIN; false when they had none (nothing written, nothing audited). */
export async function removeTin(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(schema.customerTaxIdentity).where(eq(schema.customerTaxIdentity.userId, userId)).returning({ tin: schema.customerTaxIdentity.tin });
    if (!removed) return false;
    await recordAudit(tx, { actorUserId: userId, action: 'user.tin_removed', subjectType: 'user', subjectId: userId, before: maskedTin(removed.tin), after: null });
    return true;
  });
}
