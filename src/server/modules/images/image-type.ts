import type { DocumentMimeType, UploadMimeType } from '../../../shared/constants';

/** The image type by the file's first bytes; the name and declared type are never trusted. */
export function detectImageType(bytes: Uint8Array): UploadMimeType | undefined {
  const startsWith = (signature: number[], offset = 0) => signature.every((value, index) => bytes[offset + index] === value);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/**
 * A private document's type by its first bytes: a PDF (which starts `%PDF-`), or a PNG or JPEG
 * scan. WebP and GIF are images a phone shares, not the scans a bank files.
 */
export function detectDocumentType(bytes: Uint8Array): DocumentMimeType | undefined {
  const pdfSignature = [0x25, 0x50, 0x44, 0x46, 0x2d];
  if (pdfSignature.every((value, index) => bytes[index] === value)) return 'application/pdf';
  const imageType = detectImageType(bytes);
  return imageType === 'image/png' || imageType === 'image/jpeg' ? imageType : undefined;
}
