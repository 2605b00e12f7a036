import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { languageChoiceAnswerSchema, languageChoiceSchema } from '../../../shared/schemas/preferences';
import { maskedTin, taxIdentityAnswerSchema, tinChoiceSchema, tinRemovedAnswerSchema, type TaxIdentityAnswer } from '../../../shared/schemas/tax-identity';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/access-guard';
import type { Sessions } from '../auth/sessions';
import { saveLanguage } from './preferences.repository';
import { removeTin, saveTin, tinOf, type StoredTin } from './tax-identity.repository';

const tinAnswer = (stored: StoredTin | null): TaxIdentityAnswer => ({ tin: stored ? { masked: maskedTin(stored.tin), recordedAt: stored.recordedAt.toISOString() } : null });

/** The signed-in user's own settings: the language, which their e-mails follow, and their TIN. */
export async function preferencesRoutes(instance: FastifyInstance, deps: { db: Database; sessions: Sessions }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.put('/api/me/language', { config: { access: 'customer' }, schema: { body: languageChoiceSchema, response: { 200: languageChoiceAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const { language } = request.body as z.infer<typeof languageChoiceSchema>;
    await saveLanguage(deps.db, user.id, language);
    // The language the sessions of this user carry changes with it.
    deps.sessions.forgetUser(user.id);
    return { acknowledged: true as const, language };
  });

  app.get('/api/me/tin', { config: { access: 'customer' }, schema: { response: { 200: taxIdentityAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return tinAnswer(await tinOf(deps.db, user.id));
  });

  app.put('/api/me/tin', { config: { access: 'customer' }, schema: { body: tinChoiceSchema, response: { 200: taxIdentityAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return tinAnswer(await saveTin(deps.db, user.id, request.body.tin));
  });

  app.delete('/api/me/tin', { config: { access: 'customer' }, schema: { response: { 200: tinRemovedAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return { acknowledged: true as const, removed: await removeTin(deps.db, user.id) };
  });
}
