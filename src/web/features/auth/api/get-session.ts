import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffRole } from '../../../../shared/constants';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { apiGet } from '../../../lib/api-client';
import { noteSessionEndsIn } from '../../../lib/session-deadline';

type SessionAnswer = { user: { id: string; email: string; name: string; image?: string | null; role?: string | null; mustChangePassword?: boolean } } | null;

export async function getSession(): Promise<SessionUser | null> {
  const answer = await apiGet<SessionAnswer>('/api/auth/get-session');
  if (!answer?.user) {
    noteSessionEndsIn(null);
    return null;
  }
  const { user } = answer;
  return { id: user.id, email: user.email, displayName: user.name, photoURL: user.image ?? null, role: user.role ?? 'user', mustChangePassword: user.mustChangePassword === true };
}

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });

/** `loading` is true until the server has said who is signed in (spec section 4). */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  const user = query.data ?? null;
  return { user, loading: query.isPending, isStaff: user?.role === staffRole };
}
