import { z } from 'zod';
import { documentMimeTypes, uploadBytesMax, uploadMimeTypes } from '../../../../shared/constants';

/** A chosen image file, checked in the browser before upload (the server checks its bytes again). */
export const imageFileList = (requiredMessage: string) =>
  z
    .custom<FileList>((value) => typeof FileList !== 'undefined' && value instanceof FileList, requiredMessage)
    .refine((files) => files.length === 1, requiredMessage)
    .refine((files) => (files[0]?.size ?? 0) <= uploadBytesMax, 'The image must be at most 5 MB')
    .refine((files) => (uploadMimeTypes as readonly string[]).includes(files[0]?.type ?? ''), 'The image must be a PNG, JPEG, WebP or GIF image');

export const acceptedImageTypes = uploadMimeTypes.join(',');

/** A chosen proof of income (a PDF, or a PNG or JPEG scan), checked in the browser before upload; the server sniffs its bytes. */
export const documentFileList = (requiredMessage: string) =>
  z
    .custom<FileList>((value) => typeof FileList !== 'undefined' && value instanceof FileList, requiredMessage)
    .refine((files) => files.length === 1, requiredMessage)
    .refine((files) => (files[0]?.size ?? 0) <= uploadBytesMax, 'The document must be at most 5 MB')
    .refine((files) => (documentMimeTypes as readonly string[]).includes(files[0]?.type ?? ''), 'The document must be a PDF, PNG or JPEG file');

export const acceptedDocumentTypes = documentMimeTypes.join(',');
