import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffInvitationAcceptSchema,
  staffInvitationAcceptedAnswerSchema,
  staffInvitationAnswerSchema,
  staffInvitationLookupSchema,
  staffInvitationPreviewSchema,
  staffInvitationSchema,
  staffMemberListSchema,
  staffStatusAnswerSchema,
} from '../../../shared/schemas/staff';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { runIdempotent } from '../../lib/idempotency';
import { ratePolicies, type RateLimiter } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import type { AuthLoader } from '../auth/auth-loader';
import { findPasswordWeakness } from '../auth/password-policy';
import type { Sessions } from '../auth/sessions';
import { listStaffMembers } from './staff.repository';
import { acceptInvitation, changeStaffStatus, inviteStaffMember, previewInvitation, toStaffMember } from './staff.service';

const staffIdParams = z.object({ id: z.string().min(1, 'Staff member id is required').max(64, 'Staff member id is too long') });

type Dependencies = { db: Database; auth: AuthLoader; sessions: Sessions; rateLimiter: RateLimiter; publicUrl: string };

/**
 * Staff members managed in the product: administrators list, invite, disable and re-enable them;
 * an invitee opens the e-mailed link and chooses a password (public, throttled per address).
 */
export async function staffRoutes(instance: FastifyInstance, deps: Dependencies): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/staffMembers', { config: { access: 'administrator' }, schema: { response: { 200: staffMemberListSchema } } }, async () => {
    return (await listStaffMembers(db)).map(toStaffMember);
  });

  app.post('/api/staffInvitations', { config: { access: 'administrator' }, schema: { body: staffInvitationSchema, response: { 200: staffInvitationAnswerSchema } } }, async (request) => {
    const administrator = requireUser(request);
    const invitation = await runIdempotent(db, request, administrator.id, (tx) => inviteStaffMember(tx, administrator, request.body, deps.publicUrl));
    return { acknowledged: true as const, insertedId: invitation.userId, invitationExpiresAt: new Date(invitation.expiresAt).toISOString() };
  });

  app.post('/api/staffInvitations/lookup', { config: { access: 'public' }, schema: { body: staffInvitationLookupSchema, response: { 200: staffInvitationPreviewSchema } } }, async (request) => {
    await deps.rateLimiter.consume(ratePolicies.staffInvitationTriesPerAddress, request.ip);
    return db.transaction((tx) => previewInvitation(tx, request.body.token));
  });

  app.post('/api/staffInvitations/accept', { config: { access: 'public' }, schema: { body: staffInvitationAcceptSchema, response: { 200: staffInvitationAcceptedAnswerSchema } } }, async (request) => {
    await deps.rateLimiter.consume(ratePolicies.staffInvitationTriesPerAddress, request.ip);
    const { token, password } = request.body;
    const invitee = await db.transaction((tx) => previewInvitation(tx, token));
    const weakness = await findPasswordWeakness(password, invitee);
    if (weakness) throw new AppError(400, 'weak_password', weakness, { password: weakness });
    const context = await (await deps.auth()).$context;
    const passwordHash = await context.password.hash(password);
    // The token is checked again under its lock: of two acceptances at once, one wins.
    await db.transaction((tx) => acceptInvitation(tx, token, passwordHash));
    return { acknowledged: true as const };
  });

  for (const action of ['disable', 'enable'] as const) {
    app.post(`/api/staffMembers/:id/${action}`, { config: { access: 'administrator' }, schema: { params: staffIdParams, response: { 200: staffStatusAnswerSchema } } }, async (request) => {
      const administrator = requireUser(request);
      const outcome = await runIdempotent(db, request, administrator.id, (tx) => changeStaffStatus(tx, administrator, request.params.id, action));
      // Other instances stop trusting the staff member's sessions within the cache's second; this one at once.
      if (outcome.changed) deps.sessions.forgetUser(request.params.id);
      return outcome;
    });
  }
}
