import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';

export type UploadRow = typeof schema.upload.$inferSelect;

export async function insertUpload(db: Executor, values: typeof schema.upload.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(schema.upload).values(values).returning();
  if (!row) throw new Error('upload insert returned no row');
  return row;
}

export async function findUpload(db: Executor, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(schema.upload).where(eq(schema.upload.id, id));
  return row;
}

const uploadUrlPattern = /^\/api\/images\/([0-9a-f-]{36})$/;

export function uploadIdFromUrl(url: string): string | undefined {
  return uploadUrlPattern.exec(url)?.[1];
}

/**
 * Marks an upload as used by a profile, account or loan so the sweep keeps it. An upload
 * without an owner (an avatar sent before sign-up) becomes the claimant's.
 */
export async function claimUpload(db: Executor, url: string, userId: string, options: { makePrivate?: boolean } = {}): Promise<void> {
  const id = uploadIdFromUrl(url);
  if (!id) return;
  await db
    .update(schema.upload)
    .set({
      claimedAt: sql`coalesce(${schema.upload.claimedAt}, now())`,
      ownerUserId: sql`coalesce(${schema.upload.ownerUserId}, ${userId})`,
      // A passport sent as an ordinary upload still becomes a private document once a loan uses it.
      ...(options.makePrivate ? { purpose: 'document' as const } : {}),
    })
    .where(eq(schema.upload.id, id));
}

/** Deletes unclaimed uploads older than the cut-off; answers the content hashes no row uses any more. */
/** Removes unclaimed uploads made before the cut-off for their kind, answering the content hashes no upload uses any more. */
export async function deleteUnclaimedUploads(db: Executor, before: { anonymousBefore: Date; ownedBefore: Date }): Promise<string[]> {
  const deleted = await db
    .delete(schema.upload)
    .where(and(isNull(schema.upload.claimedAt), or(and(isNull(schema.upload.ownerUserId), lt(schema.upload.createdAt, before.anonymousBefore)), lt(schema.upload.createdAt, before.ownedBefore))))
    .returning({ contentHash: schema.upload.contentHash });
  const orphans: string[] = [];
  for (const hash of new Set(deleted.map((row) => row.contentHash))) {
    const [stillUsed] = await db.select({ id: schema.upload.id }).from(schema.upload).where(eq(schema.upload.contentHash, hash)).limit(1);
    if (!stillUsed) orphans.push(hash);
  }
  return orphans;
}
