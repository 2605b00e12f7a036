import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceNoticeAnswerSchema, serviceNoticeInputSchema } from '../../../shared/schemas/service-notice';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/access-guard';
import { listRecentNotices } from './service-notices.repository';
import { currentNoticesCache, endNotice, postNotice, toNoticeAnswer } from './service-notices.service';

const noticeParams = z.object({ id: z.uuid('Notice id is not valid') });

/** The service banner: the public current notices every page asks for, and the staff's posting and ending. */
export async function serviceNoticesRoutes(instance: FastifyInstance, deps: { db: Database }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const cache = currentNoticesCache(db);

  app.get('/api/serviceNotices/current', { config: { access: 'public' }, schema: { response: { 200: z.array(serviceNoticeAnswerSchema) } } }, async (_request, reply) => {
    // Browsers and proxies may reuse it as long as this instance does.
    void reply.header('cache-control', 'public, max-age=5');
    return cache.current();
  });

  app.get('/api/serviceNotices', { config: { access: 'staff' }, schema: { response: { 200: z.array(serviceNoticeAnswerSchema) } } }, async () => {
    return (await listRecentNotices(db)).map(toNoticeAnswer);
  });

  app.post('/api/serviceNotices', { config: { access: 'staff' }, schema: { body: serviceNoticeInputSchema, response: { 200: serviceNoticeAnswerSchema } } }, async (request) => {
    const notice = await postNotice(db, requireUser(request), request.body);
    cache.clear();
    return notice;
  });

  app.post('/api/serviceNotices/:id/end', { config: { access: 'staff' }, schema: { params: noticeParams, response: { 200: serviceNoticeAnswerSchema } } }, async (request) => {
    const notice = await endNotice(db, requireUser(request), request.params.id);
    cache.clear();
    return notice;
  });
}
