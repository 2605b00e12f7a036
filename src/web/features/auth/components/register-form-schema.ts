import { registerSchema } from '../../../../shared/schemas/auth';

/**
 * The shared schema without the photo: registration asks for a name, an e-mail and a password, and
 * the photo the bank keeps is asked once, when an account is opened.
 */
export const registerFormSchema = registerSchema.omit({ image: true });
