import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bankDirectory } from '../../../shared/bank-directory';
import { bankDirectoryAnswerSchema, type DirectoryEntryAnswer } from '../../../shared/schemas/payments';

/** The directory changes only with a release: browsers keep it a day, then ask again with its ETag. */
const directoryCacheControl = 'public, max-age=86400';

/** Every bank and wallet a customer may pay, in the directory's order (banks by group, then the wallets). */
const directoryAnswer: DirectoryEntryAnswer[] = bankDirectory.map((entry) => ({
  code: entry.code,
  kind: entry.kind,
  group: entry.group,
  nameEn: entry.nameEn,
  nameBn: entry.nameBn,
  rails: [...entry.rails],
  ...(entry.headOfficeRoutingNumber ? { headOfficeRoutingNumber: entry.headOfficeRoutingNumber } : {}),
  ...(entry.routingNumberInvented ? { routingNumberInvented: true } : {}),
}));
const directoryBody = JSON.stringify(directoryAnswer);
const directoryEtag = `"${createHash('sha256').update(directoryBody).digest('base64url').slice(0, 22)}"`;

/** The ready answer, or 304 when the browser already holds exactly it. */
function sendDirectory(request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', directoryCacheControl);
  reply.header('etag', directoryEtag);
  if (request.headers['if-none-match'] === directoryEtag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(directoryBody);
}

export async function banksRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/banks', { config: { access: 'public' }, schema: { response: { 200: bankDirectoryAnswerSchema } } }, sendDirectory);
}
