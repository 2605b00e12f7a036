import { useMutation } from '@tanstack/react-query';
import type { ContactAcknowledged, ContactMessage } from '../../../../shared/schemas/contact';
import { apiRequestChecked } from '../../../lib/api-client';

/** The answer's schema is loaded, not imported: the contact page is public and loads zod only when its form checks. */
const acknowledgedAnswer = () => import('../../../../shared/schemas/contact').then((schemas) => schemas.contactAcknowledgedSchema);

export function sendContactMessage(message: ContactMessage): Promise<ContactAcknowledged> {
  return apiRequestChecked(acknowledgedAnswer, '/api/contact', { method: 'POST', body: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
