import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markReadAnswerSchema, notificationIdParamsSchema, notificationListAnswerSchema, notificationListQuerySchema, unreadCountAnswerSchema } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { answerPage } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { toNotificationAnswer } from './notification-answers';
import { countUnread, markAllRead, markRead, pageOfNotifications } from './notifications.repository';

/** The signed-in user's own notifications: every query names the user, so nobody reads another's. */
export async function notificationsRoutes(instance: FastifyInstance, deps: { db: Database }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/notifications', { config: { access: 'customer' }, schema: { querystring: notificationListQuerySchema, response: { 200: notificationListAnswerSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    void reply.header('cache-control', 'no-store');
    return answerPage(deps.db, reply, (reader) => pageOfNotifications(reader, user.id, request.query), toNotificationAnswer);
  });

  // Fetched by the bell on every page after it is drawn: one indexed count, no rows.
  app.get('/api/notifications/unread-count', { config: { access: 'customer' }, schema: { response: { 200: unreadCountAnswerSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    void reply.header('cache-control', 'no-store');
    return { unread: await countUnread(deps.db, user.id) };
  });

  app.post('/api/notifications/:id/read', { config: { access: 'customer' }, schema: { params: notificationIdParamsSchema, response: { 200: markReadAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const { found, modified } = await markRead(deps.db, user.id, request.params.id);
    if (!found) throw notFound('Notification');
    return { acknowledged: true as const, modifiedCount: modified };
  });

  app.post('/api/notifications/read-all', { config: { access: 'customer' }, schema: { response: { 200: markReadAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return { acknowledged: true as const, modifiedCount: await markAllRead(deps.db, user.id) };
  });
}
