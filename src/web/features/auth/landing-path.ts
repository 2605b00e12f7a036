import { staffRole } from '../../../shared/constants';
import type { SessionUser } from '../../../shared/schemas/auth';

/**
 * Where signing in (or registering) leads when no page asked for it: a customer comes for the
 * balance, staff for the requests waiting on them. The public home is one more tap from either.
 */
export function landingPathFor(user: Pick<SessionUser, 'role'> | null): string {
  if (!user) return '/';
  return user.role === staffRole ? '/dashboard' : '/myAccounts';
}
