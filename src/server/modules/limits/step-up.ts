import type { FastifyRequest } from 'fastify';
import type { SignedInUser } from '../../plugins/access-guard';

/**
 * The one place where approving a change to a transfer limit asks for a second factor
 * ("step-up"): a limit change lets every customer of a type move more money, so the approver
 * should prove again who they are, not only hold a session cookie. Two-factor sign-in is not
 * built yet; when it is, this throws the refusal that asks for the code (and verifies it), and
 * the approval route, which already calls it before deciding anything, needs no other change.
 * Today it lets every approval through.
 */
export async function requireStepUpForLimitApproval(_request: FastifyRequest, _staff: SignedInUser): Promise<void> {
  // Deliberately empty until two-factor authentication exists.
}
