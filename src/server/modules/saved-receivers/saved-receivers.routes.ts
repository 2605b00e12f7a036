import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteReceiverAnswerSchema,
  renameReceiverAnswerSchema,
  renameReceiverSchema,
  saveReceiverAnswerSchema,
  saveReceiverSchema,
  savedReceiverAnswerSchema,
  savedReceiverIdParams,
} from '../../../shared/schemas/saved-receivers';
import { notFound } from '../../errors';
import { requireUser } from '../../plugins/access-guard';
import { inSavedReceiverWireNames, saveReceiverCommandOf, toSavedReceiverAnswer } from './saved-receiver-answers';
import { deleteReceiver, listReceiversOf, renameReceiver } from './saved-receivers.repository';
import { saveReceiver, type SavedReceiversDeps } from './saved-receivers.service';

/** The signed-in customer's own receivers: another customer's receiver id answers 404, as a missing one does. */
export async function savedReceiversRoutes(instance: FastifyInstance, deps: SavedReceiversDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/savedReceivers', { config: { access: 'customer' }, schema: { response: { 200: z.array(savedReceiverAnswerSchema) } } }, async (request) => {
    return (await listReceiversOf(db, requireUser(request).id)).map(toSavedReceiverAnswer);
  });

  app.post('/api/savedReceivers', { config: { access: 'customer' }, schema: { body: saveReceiverSchema, response: { 200: saveReceiverAnswerSchema } } }, async (request) => {
    const saved = await saveReceiver(deps, requireUser(request), request.ip, saveReceiverCommandOf(request.body)).catch((refusal: unknown) => {
      throw inSavedReceiverWireNames(refusal);
    });
    return { acknowledged: true as const, insertedId: saved.id, merged: saved.merged };
  });

  app.put(
    '/api/savedReceivers/:id',
    { config: { access: 'customer' }, schema: { params: savedReceiverIdParams, body: renameReceiverSchema, response: { 200: renameReceiverAnswerSchema } } },
    async (request) => {
      if (!(await renameReceiver(db, requireUser(request).id, request.params.id, request.body.nickname))) throw notFound('Saved receiver');
      return { acknowledged: true as const, modifiedCount: 1 };
    },
  );

  app.delete('/api/savedReceivers/:id', { config: { access: 'customer' }, schema: { params: savedReceiverIdParams, response: { 200: deleteReceiverAnswerSchema } } }, async (request) => {
    if (!(await deleteReceiver(db, requireUser(request).id, request.params.id))) throw notFound('Saved receiver');
    return { deletedCount: 1 };
  });
}
