import { z } from 'zod';
import { uploadBytesMax, uploadMimeTypes } from '../../../../shared/constants';
import { registerSchema } from '../../../../shared/schemas/auth';
import { mobileNumber, smsCode } from '../../../../shared/schemas/two-factor';

/** An empty optional box is no answer: a number left blank registers without one. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The shared schema, with the photo as a chosen file instead of its uploaded URL. */
export const registerFormSchema = registerSchema.omit({ image: true }).extend({
  phoneNumber: z.preprocess(blankAsMissing, mobileNumber().optional()),
  phoneCode: z.preprocess(blankAsMissing, smsCode().optional()),
  photo: z
    .custom<FileList>((value) => typeof FileList !== 'undefined' && value instanceof FileList, 'Profile Photo is required')
    .refine((files) => files.length === 1, 'Profile Photo is required')
    .refine((files) => (files[0]?.size ?? 0) <= uploadBytesMax, 'The photo must be at most 5 MB')
    .refine((files) => (uploadMimeTypes as readonly string[]).includes(files[0]?.type ?? ''), 'The photo must be a PNG, JPEG, WebP or GIF image'),
});
