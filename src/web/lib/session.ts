import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffRole } from '../../shared/constants';
import { defaultLanguage, isLanguage } from '../../shared/language';
import type { SessionUser } from '../../shared/schemas/auth';
import { apiGet, type ApiError } from './api-client';
import { forgetLastKnown, readLastKnown } from './last-known';
import { hasLoadFailed } from './load-failed';
import { noteSessionEndsIn } from './session-deadline';

type SessionAnswer = {
  user: {
    id: string;
    email: string;
    name: string;
    image?: string | null;
    role?: string | null;
    mustChangePassword?: boolean;
    language?: string;
    twoFactorEnabled?: boolean;
    staffAdministrator?: boolean;
  };
} | null;

export async function getSession(): Promise<SessionUser | null> {
  const answer = await apiGet<SessionAnswer>('/api/auth/get-session');
  if (!answer?.user) {
    noteSessionEndsIn(null);
    forgetLastKnown();
    return null;
  }
  const { user } = answer;
  // A session still being set up reaches only what finishes the set-up, and the server refuses it
  // images too (403): its photo shows once the password is replaced or the app is set up.
  const beingSetUp = user.mustChangePassword === true || (user.role === staffRole && user.twoFactorEnabled !== true);
  return {
    id: user.id,
    email: user.email,
    displayName: user.name,
    photoURL: beingSetUp ? null : (user.image ?? null),
    role: user.role ?? 'user',
    mustChangePassword: user.mustChangePassword === true,
    language: isLanguage(user.language) ? user.language : defaultLanguage,
    twoFactorEnabled: user.twoFactorEnabled === true,
    staffAdministrator: user.staffAdministrator === true,
  };
}

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });

/**
 * `loading` is true until the server has said who is signed in (spec section 4); `failed` when
 * asking has failed (no network, server down) and nobody is known yet, with `retry` to ask again.
 * Without a network, the customer this browser last saw signed in, while their session may still
 * be open (`offline`): the menu stays, and pages show what they last knew, saying so.
 */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  const offline = query.data === undefined && hasLoadFailed(query) && (query.failureReason as ApiError | null)?.status === 0;
  const user = query.data ?? (offline ? (readLastKnown()?.user ?? null) : null);
  return {
    user,
    loading: query.isPending && !user,
    failed: user === null && hasLoadFailed(query),
    offline: offline && user !== null,
    retry: () => void query.refetch(),
    isStaff: user?.role === staffRole,
  };
}
