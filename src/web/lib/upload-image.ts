import { imageUploadAnswerSchema } from '../../shared/schemas/images';
import { apiRequestChecked } from './api-client';

export async function uploadImage(file: File, purpose: 'avatar' | 'document' = 'avatar'): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('image', file);
  const answer = await apiRequestChecked(imageUploadAnswerSchema, '/api/images', { method: 'POST', body: form });
  return answer.data.url;
}

const uploadedFor = new WeakMap<File, { operationKey: string; url: string }>();

/**
 * Uploads a file once per operation: a resend of the same request (same Idempotency-Key) must
 * carry the same image address, or the server would see a different request.
 */
export async function uploadImageOnce(file: File, purpose: 'avatar' | 'document', operationKey: string): Promise<string> {
  const earlier = uploadedFor.get(file);
  if (earlier?.operationKey === operationKey) return earlier.url;
  const url = await uploadImage(file, purpose);
  uploadedFor.set(file, { operationKey, url });
  return url;
}
