import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listPageSizeMax } from '../../../shared/constants';
import { acknowledgedSchema, recordUserSchema, registeredUserListSchema, userDeleteAnswerSchema, userStatusAnswerSchema } from '../../../shared/schemas/users';
import { listOffset } from '../../../shared/schemas/fields';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/access-guard';
import type { Sessions } from '../auth/sessions';
import { assertUsableUpload } from '../accounts/accounts.service';
import { claimUpload } from '../images/images.repository';
import { runIdempotent } from '../../lib/idempotency';
import { approveStatusChange, cancelStatusChange, requestStatusChange } from './user-status.service';
import { countUsers, listUsers, updateUserProfile } from './users.repository';

const userIdParams = z.object({ id: z.string().min(1, 'User id is required').max(64, 'User id is too long') });
/** Paged like the other staff lists; `status` is `active` (may sign in) or `disabled` (deleted by staff). */
const userListQuery = z.object({
  status: z.enum(['active', 'disabled'], { error: 'status must be active or disabled' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(listPageSizeMax, `limit must be at most ${listPageSizeMax}`).default(listPageSizeMax),
  offset: listOffset(),
});

export async function usersRoutes(app: FastifyInstance, deps: { db: Database; sessions: Sessions }): Promise<void> {
  /** The spec's client records the registered user after sign-up; here it updates the signed-in user's own profile. */
  app.post(
    '/api/users',
    { config: { access: 'customer' }, schema: { body: recordUserSchema, response: { 200: acknowledgedSchema } } },
    async (request) => {
      const user = requireUser(request);
      const body = request.body as z.infer<typeof recordUserSchema>;
      if (body.email !== user.email.toLowerCase()) {
        throw new AppError(400, 'invalid_input', 'Email must be the address you signed in with', { email: 'Email must be the address you signed in with' });
      }
      await deps.db.transaction(async (tx) => {
        await assertUsableUpload(tx, body.image, user, 'image', 'Profile Photo');
        await updateUserProfile(tx, user.id, { name: body.fullName, image: body.image });
        await claimUpload(tx, body.image, user.id);
      });
      // The name and photo the sessions of this user carry change with it.
      deps.sessions.forgetUser(user.id);
      return { acknowledged: true as const, insertedId: user.id };
    },
  );

  app.get('/api/allUsers', { config: { access: 'staff' }, schema: { querystring: userListQuery, response: { 200: registeredUserListSchema } } }, async (request, reply) => {
    const filter = request.query as z.infer<typeof userListQuery>;
    // One snapshot: the page and its total agree.
    const { users, total } = await deps.db.transaction(
      async (reader) => ({ users: await listUsers(reader, filter), total: await countUsers(reader, filter.status) }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    reply.header('x-total-count', String(total));
    return users.map((row) => ({
      _id: row.id,
      fullName: row.name,
      email: row.email,
      image: row.image,
      role: row.role,
      disabled: row.banned,
      createdAt: row.createdAt.toISOString(),
      waitingChange: row.waitingChange
        ? {
            action: row.waitingChange.action,
            requestedBy: { _id: row.waitingChange.requestedByUserId, fullName: row.waitingChange.requestedByName },
            requestedAt: row.waitingChange.requestedAt.toISOString(),
          }
        : null,
    }));
  });

  app.delete(
    '/api/allUsers/:id',
    { config: { access: 'staff' }, schema: { params: userIdParams, response: { 200: userDeleteAnswerSchema } } },
    async (request) => {
      const staff = requireUser(request);
      const { id } = request.params as z.infer<typeof userIdParams>;
      const outcome = await runIdempotent(deps.db, request, staff.id, (tx) => requestStatusChange(tx, staff, id, 'disable'));
      // Other instances stop trusting the user's sessions within the cache's second; this one at once.
      if (outcome.changed) deps.sessions.forgetUser(id);
      return { deletedCount: outcome.changed ? 1 : 0, pendingApproval: outcome.pendingApproval };
    },
  );

  /** Lets a disabled user sign in again: a customer at once, a staff member once a second staff member approves. */
  app.post('/api/allUsers/:id/enable', { config: { access: 'staff' }, schema: { params: userIdParams, response: { 200: userStatusAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.params as z.infer<typeof userIdParams>;
    return runIdempotent(deps.db, request, staff.id, (tx) => requestStatusChange(tx, staff, id, 'enable'));
  });

  app.post('/api/allUsers/:id/approveChange', { config: { access: 'staff' }, schema: { params: userIdParams, response: { 200: userStatusAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.params as z.infer<typeof userIdParams>;
    const outcome = await runIdempotent(deps.db, request, staff.id, (tx) => approveStatusChange(tx, staff, id));
    if (outcome.changed) deps.sessions.forgetUser(id);
    return outcome;
  });

  app.post('/api/allUsers/:id/cancelChange', { config: { access: 'staff' }, schema: { params: userIdParams, response: { 200: userStatusAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.params as z.infer<typeof userIdParams>;
    return runIdempotent(deps.db, request, staff.id, (tx) => cancelStatusChange(tx, staff, id));
  });
}
