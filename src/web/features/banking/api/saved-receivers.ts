import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveReceiverAnswer, SavedReceiverAnswer } from '../../../../shared/schemas/saved-receivers';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

const savedReceiversKey = [...bankingKeys.all, 'savedReceivers'] as const;

export const savedReceiversQuery = () => queryOptions({ queryKey: savedReceiversKey, queryFn: ({ signal }) => apiGet<SavedReceiverAnswer[]>('/api/savedReceivers', signal) });
export const useSavedReceivers = () => useQuery(savedReceiversQuery());

/** What the transfer form asks about a receiver (type as its display word), and an optional nickname. */
export type SaveReceiverPayload = { transfer: string; user: string; accNum: string; nickname?: string };
export const saveReceiver = (payload: SaveReceiverPayload) => apiRequest<SaveReceiverAnswer>('/api/savedReceivers', { method: 'POST', body: payload });

/** Saving, renaming and deleting, each refreshing the list when done. */
export function useSavedReceiverActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: savedReceiversKey });
  return {
    save: useMutation({ mutationFn: saveReceiver, onSuccess }),
    rename: useMutation({
      mutationFn: ({ id, nickname }: { id: string; nickname: string }) => apiRequest(`/api/savedReceivers/${encodeURIComponent(id)}`, { method: 'PUT', body: { nickname } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiRequest(`/api/savedReceivers/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSuccess }),
  };
}
