import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { forgetLastKnown } from '../../../lib/last-known';
import { noteSessionEndsIn } from '../../../lib/session-deadline';
import { sessionQueryKey } from '../../../lib/session';

export const signOut = () => apiPost<unknown>('/api/auth/sign-out');

/** Nothing cached for the previous user may show to the next one on this device. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' && query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
  noteSessionEndsIn(null);
  forgetLastKnown();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => forgetSignedInUser(queryClient),
    // Offline the server cannot end the session, but what this device kept of it goes at once.
    onError: forgetLastKnown,
  });
}
