import { z } from 'zod';
import { languages } from '../language';

/** PUT /api/me/language: the language a signed-in user reads the website in, and gets e-mails in. */
export const languageChoiceSchema = z.object({ language: z.enum(languages, { error: 'Language must be en (English) or bn (বাংলা)' }) });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

export const languageChoiceAnswerSchema = z.object({ acknowledged: z.literal(true), language: z.enum(languages) });
