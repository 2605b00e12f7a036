import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadBytesMax } from '../../../shared/constants';
import { imageUploadAnswerSchema, uploadPurposeSchema } from '../../../shared/schemas/images';
import type { Database } from '../../db/client';
import { AppError, RequestValidationError } from '../../errors';
import { ratePolicies, type RateLimiter } from '../../lib/rate-limiter';
import type { ImageStore } from './image-store';
import { imageTooLarge, readImage, storeImage } from './images.service';

type Dependencies = { db: Database; imageStore: ImageStore; rateLimiter: RateLimiter };

const multipartFieldsMax = 5;
const unreadableUploadMessage = 'The upload could not be read: send one image in the field "image"';

async function readMultipart(request: FastifyRequest): Promise<{ bytes: Buffer | undefined; purpose: unknown }> {
  if (!request.isMultipart()) {
    throw new AppError(400, 'invalid_input', 'Send the image as multipart/form-data in the field "image"', { image: 'Profile Photo is required' });
  }
  let bytes: Buffer | undefined;
  let purpose: unknown = 'avatar';
  try {
    for await (const part of request.parts({ limits: { fileSize: uploadBytesMax, files: 1, fields: multipartFieldsMax } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'image') bytes = content;
      } else if (part.fieldname === 'purpose') {
        purpose = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    // Anything else the parser throws is a body it could not read (no boundary, a truncated
    // body, a second file, too many fields): the client's mistake, so a 400, never a 500.
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new AppError(400, 'invalid_input', unreadableUploadMessage, { image: unreadableUploadMessage });
  }
  return { bytes, purpose };
}

export async function imagesRoutes(instance: FastifyInstance, deps: Dependencies): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: uploadBytesMax, files: 1, fields: multipartFieldsMax } });

  // Uploads are public (the register form needs a photo first), so the session is optional here;
  // the guard reads it, and refuses one that must first change its password or set up two-step.
  app.post('/api/images', { config: { access: 'public-with-session' }, schema: { response: { 200: imageUploadAnswerSchema } } }, async (request) => {
    await deps.rateLimiter.consume(ratePolicies.uploadsPerAddress, request.ip);
    const { bytes, purpose } = await readMultipart(request);
    const parsedPurpose = uploadPurposeSchema.safeParse(purpose);
    if (!parsedPurpose.success)
      throw new RequestValidationError(
        parsedPurpose.error.issues.map((issue) => ({ ...issue, path: ['purpose'] })),
        'purpose',
      );
    if (!bytes) throw new AppError(400, 'invalid_input', 'Profile Photo is required', { image: 'Profile Photo is required' });
    const uploader = request.signedInUser;
    if (!uploader) await deps.rateLimiter.consume(ratePolicies.anonymousUploadBytesPerAddress, request.ip, bytes.length);
    const row = await storeImage(deps.db, deps.imageStore, { bytes, purpose: parsedPurpose.data, uploader });
    return { success: true as const, status: 200 as const, data: { url: `/api/images/${row.id}`, id: row.id } };
  });

  app.get(
    '/api/images/:id',
    // Avatars are public; a document is served to its owner and to staff, as the guard found them.
    { config: { access: 'public-with-session' }, schema: { params: z.object({ id: z.uuid('Image id must be a UUID') }) } },
    async (request, reply) => {
      const { id } = request.params;
      const { row, bytes } = await readImage(deps.db, deps.imageStore, id, request.signedInUser);
      reply.header('content-type', row.mimeType);
      reply.header('cache-control', row.purpose === 'document' ? 'private, no-store' : 'private, max-age=86400');
      reply.header('content-disposition', 'inline');
      return reply.send(bytes);
    },
  );
}
