import { eq } from 'drizzle-orm';
import type { Language } from '../../../shared/language';
import { schema, type Executor } from '../../db/client';

export async function saveLanguage(db: Executor, userId: string, language: Language): Promise<void> {
  await db.update(schema.user).set({ language }).where(eq(schema.user.id, userId));
}

/** The language a user's e-mails are written in; English for a user who never chose. */
export async function languageOf(db: Executor, userId: string): Promise<Language> {
  const [row] = await db.select({ language: schema.user.language }).from(schema.user).where(eq(schema.user.id, userId));
  return row?.language ?? 'en';
}
