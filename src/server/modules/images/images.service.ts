import { staffRole, uploadBytesMax } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { detectDocumentType, detectImageType } from './image-type';
import type { ImageStore } from './image-store';
import { deleteUnclaimedUploads, findUpload, insertUpload, type UploadRow } from './images.repository';

/** A signed-in customer's upload waits this long for the request that uses it (a loan's passport scan). */
export const unclaimedUploadLifetimeMs = 24 * 60 * 60 * 1000;
/** An upload made without signing in is a registration's photo: used within minutes, or never. */
export const anonymousUploadLifetimeMs = 60 * 60 * 1000;

export type UploadRequest = { bytes: Buffer; purpose: 'avatar' | 'document'; uploader: SignedInUser | null };

export async function storeImage(db: Database, store: ImageStore, request: UploadRequest): Promise<UploadRow> {
  if (request.bytes.length === 0) throw new AppError(400, 'invalid_image', 'Choose an image to upload', { image: 'Choose an image to upload' });
  if (request.bytes.length > uploadBytesMax) throw imageTooLarge();
  if (request.purpose === 'document' && !request.uploader) {
    throw new AppError(401, 'unauthenticated', 'Please log in to upload a document');
  }
  const mimeType = request.purpose === 'document' ? detectDocumentType(request.bytes) : detectImageType(request.bytes);
  if (!mimeType) {
    const message = request.purpose === 'document' ? 'The document must be a PDF, PNG or JPEG file' : 'The file must be a PNG, JPEG, WebP or GIF image';
    throw new AppError(400, 'invalid_image', message, { image: message });
  }
  const contentHash = await store.put(request.bytes);
  return insertUpload(db, {
    contentHash,
    mimeType,
    sizeBytes: request.bytes.length,
    purpose: request.purpose,
    ownerUserId: request.uploader?.id ?? null,
  });
}

export function imageTooLarge(): AppError {
  const message = 'The image must be at most 5 MB';
  return new AppError(400, 'image_too_large', message, { image: message });
}

/** A private document looks exactly like a missing image to anyone but its owner and staff. */
export async function readImage(db: Database, store: ImageStore, id: string, viewer: SignedInUser | null) {
  const row = await findUpload(db, id);
  if (!row) throw notFound('Image');
  if (row.purpose === 'document') {
    const allowed = viewer !== null && (viewer.role === staffRole || viewer.id === row.ownerUserId);
    if (!allowed) throw notFound('Image');
  }
  return { row, bytes: await store.read(row.contentHash) };
}

export async function sweepUnclaimedUploads(db: Database, store: ImageStore, now = new Date()): Promise<number> {
  const orphanHashes = await deleteUnclaimedUploads(db, {
    anonymousBefore: new Date(now.getTime() - anonymousUploadLifetimeMs),
    ownedBefore: new Date(now.getTime() - unclaimedUploadLifetimeMs),
  });
  for (const hash of orphanHashes) await store.remove(hash);
  return orphanHashes.length;
}
