import { useMutation } from '@tanstack/react-query';
import type { ContactAcknowledged, ContactMessage } from '../../../../shared/schemas/contact';
import { apiPost } from '../../../lib/api-client';

export function sendContactMessage(message: ContactMessage): Promise<ContactAcknowledged> {
  return apiPost<ContactAcknowledged>('/api/contact', message);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
