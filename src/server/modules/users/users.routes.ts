import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileRecordedAnswerSchema, recordUserSchema, registeredUserListSchema, userDeleteAnswerSchema, userStatusAnswerSchema } from '../../../shared/schemas/users';
import { requireUser } from '../../plugins/access-guard';
import type { Sessions } from '../auth/sessions';
import { assertUsableUpload, emailMismatch } from '../accounts/accounts.service';
import { claimUpload } from '../images/images.repository';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery } from '../../lib/paged-list';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import { refuseOwnStatusApproval, requestStatusChange, staffStatusChanges } from './user-status.service';
import { toRegisteredUser } from './user-answers';
import { pageOfUsers, updateUserProfile } from './users.repository';

const userIdParams = z.object({ id: z.string().min(1, 'User id is required').max(64, 'User id is too long') });
/** Paged like the other staff lists; `status` is `active` (may sign in) or `disabled` (deleted by staff). */
const userListQuery = pagedListQuery(z.enum(['active', 'disabled'], { error: 'status must be active or disabled' }).optional());

export async function usersRoutes(instance: FastifyInstance, deps: StaffDecisionDeps & { sessions: Sessions }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** The spec's client records the registered user after sign-up; here it updates the signed-in user's own profile. */
  app.post('/api/users', { config: { access: 'customer' }, schema: { body: recordUserSchema, response: { 200: profileRecordedAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const { body } = request;
    if (body.email !== user.email.toLowerCase()) throw emailMismatch();
    await deps.db.transaction(async (tx) => {
      await assertUsableUpload(tx, body.image, user, 'image', 'Profile Photo');
      await updateUserProfile(tx, user.id, { name: body.fullName, image: body.image });
      await claimUpload(tx, body.image, user.id);
    });
    // The name and photo the sessions of this user carry change with it.
    deps.sessions.forgetUser(user.id);
    return { acknowledged: true as const, insertedId: user.id };
  });

  app.get('/api/allUsers', { config: { access: 'staff' }, schema: { querystring: userListQuery, response: { 200: registeredUserListSchema } } }, async (request, reply) => {
    return answerPage(deps.db, reply, (reader) => pageOfUsers(reader, request.query), toRegisteredUser);
  });

  app.delete('/api/allUsers/:id', { config: { access: 'staff' }, schema: { params: userIdParams, response: { 200: userDeleteAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.params;
    const outcome = await runIdempotent(deps.db, request, staff.id, (tx) => requestStatusChange(tx, staff, id, 'disable'));
    // Other instances stop trusting the user's sessions within the cache's second; this one at once.
    if (outcome.changed) deps.sessions.forgetUser(id);
    return { deletedCount: outcome.changed ? 1 : 0, pendingApproval: outcome.pendingApproval };
  });

  /** Lets a disabled user sign in again: a customer at once, a staff member once a second staff member approves. */
  app.post('/api/allUsers/:id/enable', { config: { access: 'staff' }, schema: { params: userIdParams, response: { 200: userStatusAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.params;
    return runIdempotent(deps.db, request, staff.id, (tx) => requestStatusChange(tx, staff, id, 'enable'));
  });

  app.post('/api/allUsers/:id/approveChange', { config: { access: 'staff' }, schema: { params: userIdParams, response: { 200: userStatusAnswerSchema } } }, async (request) => {
    const { id } = request.params;
    refuseOwnStatusApproval(requireUser(request), id);
    const outcome = await runStaffDecision(deps, request, staffStatusChanges, { kind: 'approve', requestId: id }, ({ changed }) => ({ changed, pendingApproval: false }));
    if (outcome.changed) deps.sessions.forgetUser(id);
    return outcome;
  });

  app.post('/api/allUsers/:id/cancelChange', { config: { access: 'staff' }, schema: { params: userIdParams, response: { 200: userStatusAnswerSchema } } }, async (request) => {
    return runStaffDecision(deps, request, staffStatusChanges, { kind: 'decline', requestId: request.params.id }, () => ({ changed: false, pendingApproval: false }));
  });
}
