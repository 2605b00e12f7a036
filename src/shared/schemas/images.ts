import { z } from 'zod';

export const uploadPurposes = ['avatar', 'document'] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes, { error: 'Purpose must be avatar or document' });

export const imageUploadAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal(200),
  data: z.object({ url: z.string(), id: z.string() }),
});
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswerSchema>;
