import type { ImageUploadAnswer } from '../../../../shared/schemas/images';
import { apiRequest } from '../../../lib/api-client';

export async function uploadImage(file: File, purpose: 'avatar' | 'document' = 'avatar'): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('image', file);
  const answer = await apiRequest<ImageUploadAnswer>('/api/images', { method: 'POST', body: form });
  return answer.data.url;
}
