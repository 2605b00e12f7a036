import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

export const signOut = () => apiPost<unknown>('/api/auth/sign-out');

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Nothing cached for the previous user may show to the next one on this device.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
