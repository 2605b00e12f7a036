import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type ImageStore = {
  put: (bytes: Buffer) => Promise<string>;
  read: (contentHash: string) => Promise<Buffer>;
  remove: (contentHash: string) => Promise<void>;
};

const hashPattern = /^[0-9a-f]{64}$/;

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
      const contentHash = createHash('sha256').update(bytes).digest('hex');
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
