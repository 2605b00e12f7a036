import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { passwordResetRequestSchema } from '../../../../shared/schemas/auth';
import { FormError } from '../../../components/ui/form-error';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRequestPasswordReset } from '../api/password-reset';
import { errorMessage } from '../../../lib/error-message';
import { OutcomeCard } from '../components/outcome-card';

const resolver = lazyZodResolver(() => import('../../../../shared/schemas/auth').then((module) => module.passwordResetRequestSchema));

/** Asks for a link to set a new password. The answer is the same whether or not the e-mail is registered. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.askTitle'));
  const ask = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof passwordResetRequestSchema>, unknown, z.output<typeof passwordResetRequestSchema>>({ resolver });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await ask.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, form.setError, ['email']);
      if (!(error instanceof ApiError && 'email' in error.fields)) setFormError(errorMessage(error, t));
    }
  });

  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        {ask.isSuccess ? (
          <OutcomeCard
            title={t('passwordReset.sentTitle')}
            message={t('passwordReset.sent')}
            tone="success"
            note={t('passwordReset.sentNote')}
            next={{ to: '/logIn', label: t('passwordReset.backToLogin') }}
          />
        ) : (
          <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
            <h1 className="text-2xl font-bold">{t('passwordReset.askTitle')}</h1>
            <p className="text-sm text-base-content/80">{t('passwordReset.askIntro')}</p>
            <FormField id="reset-email" label={t('auth.email')} error={errors.email?.message}>
              <input className="input w-full" type="email" autoComplete="username" {...describedBy('reset-email', errors.email?.message)} {...form.register('email')} />
            </FormField>
            <FormError message={formError} />
            <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
              {isSubmitting ? t('passwordReset.asking') : t('passwordReset.ask')}
            </button>
            <p className="text-center text-sm">
              <Link to="/logIn" className="link link-primary">
                {t('passwordReset.backToLogin')}
              </Link>
            </p>
          </form>
        )}
      </div>
    </section>
  );
}
