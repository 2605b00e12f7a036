import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type ImageStore = {
  put: (bytes: Buffer) => Promise<string>;
  read: (contentHash: string) => Promise<Buffer>;
  remove: (contentHash: string) => Promise<void>;
};

const hashPattern = /^[0-9a-f]{64}$/;

/** Whether `name` is the name of a stored image's file: the SHA-256 of its bytes, in hex. */
export const isContentHashName = (name: string) => hashPattern.test(name);

/** Where the disk store keeps image files in a data folder. */
export const uploadsDirIn = (dataDir: string) => path.join(dataDir, 'uploads');
const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Files named by the SHA-256 of their bytes, so the same photo uploaded twice is stored once.
 * Writes go to a temporary name first and are renamed into place, so a reader never sees half a file.
 */
export function createFileImageStore(directory: string): ImageStore {
  fs.mkdirSync(directory, { recursive: true });
  const pathOf = (contentHash: string) => {
    if (!hashPattern.test(contentHash)) throw new Error('not a content hash');
    return path.join(directory, contentHash);
  };
  return {
    async put(bytes) {
      const contentHash = hashOf(bytes);
      const target = pathOf(contentHash);
      if (!fs.existsSync(target)) {
        const temporary = path.join(directory, `.${randomUUID()}.tmp`);
        await fs.promises.writeFile(temporary, bytes, { mode: 0o600 });
        await fs.promises.rename(temporary, target);
      }
      return contentHash;
    },
    read: (contentHash) => fs.promises.readFile(pathOf(contentHash)),
    async remove(contentHash) {
      await fs.promises.rm(pathOf(contentHash), { force: true });
    },
  };
}

/**
 * Image bytes in PostgreSQL, named by their SHA-256: every server instance behind the same
 * database reads what any of them stored (decision 008). A hash that an upload row still names
 * is never removed. (A sweep running between `put` and the insert of the new upload's row can
 * still remove the bytes of an identical image: a known race, not fixed yet.)
 */
export function createDatabaseImageStore(db: Database): ImageStore {
  return {
    async put(bytes) {
      const contentHash = hashOf(bytes);
      await db.execute(sql`INSERT INTO upload_blob (content_hash, bytes) VALUES (${contentHash}, ${bytes}) ON CONFLICT (content_hash) DO NOTHING`);
      return contentHash;
    },
    async read(contentHash) {
      const result = await db.execute<{ bytes: Buffer | Uint8Array }>(sql`SELECT bytes FROM upload_blob WHERE content_hash = ${contentHash}`);
      const row = result.rows[0];
      if (!row) throw new Error(`no stored image with hash ${contentHash}`);
      return Buffer.from(row.bytes);
    },
    async remove(contentHash) {
      await db.execute(sql`
        DELETE FROM upload_blob WHERE content_hash = ${contentHash}
          AND NOT EXISTS (SELECT 1 FROM upload WHERE upload.content_hash = ${contentHash})`);
    },
  };
}
