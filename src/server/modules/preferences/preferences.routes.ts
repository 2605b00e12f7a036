import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { languageChoiceAnswerSchema, languageChoiceSchema } from '../../../shared/schemas/preferences';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/access-guard';
import type { Sessions } from '../auth/sessions';
import { saveLanguage } from './preferences.repository';

/** The signed-in user's own settings: for now the language, which their e-mails follow. */
export async function preferencesRoutes(app: FastifyInstance, deps: { db: Database; sessions: Sessions }): Promise<void> {
  app.put('/api/me/language', { config: { access: 'customer' }, schema: { body: languageChoiceSchema, response: { 200: languageChoiceAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const { language } = request.body as z.infer<typeof languageChoiceSchema>;
    await saveLanguage(deps.db, user.id, language);
    // The language the sessions of this user carry changes with it.
    deps.sessions.forgetUser(user.id);
    return { acknowledged: true as const, language };
  });
}
