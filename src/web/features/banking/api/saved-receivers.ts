import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteReceiverAnswerSchema,
  renameReceiverAnswerSchema,
  saveReceiverAnswerSchema,
  type RenameReceiverInput,
  type SaveReceiverInput,
  type SavedReceiverAnswer,
} from '../../../../shared/schemas/saved-receivers';
import { apiGet, apiRequestChecked } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

const savedReceiversKey = [...bankingKeys.all, 'savedReceivers'] as const;

export const savedReceiversQuery = () => queryOptions({ queryKey: savedReceiversKey, queryFn: ({ signal }) => apiGet<SavedReceiverAnswer[]>('/api/savedReceivers', signal) });
export const useSavedReceivers = () => useQuery(savedReceiversQuery());

/** A receiver as looked up and confirmed (the account number and the masked name shown for it), and an optional nickname. */
export const saveReceiver = (payload: SaveReceiverInput) => apiRequestChecked(saveReceiverAnswerSchema, '/api/savedReceivers', { method: 'POST', body: payload });

/** Saving, renaming and deleting, each refreshing the list when done. */
export function useSavedReceiverActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: savedReceiversKey });
  return {
    save: useMutation({ mutationFn: saveReceiver, onSuccess }),
    rename: useMutation({
      mutationFn: ({ id, ...body }: { id: string } & RenameReceiverInput) => apiRequestChecked(renameReceiverAnswerSchema, `/api/savedReceivers/${encodeURIComponent(id)}`, { method: 'PUT', body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiRequestChecked(deleteReceiverAnswerSchema, `/api/savedReceivers/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSuccess }),
  };
}
