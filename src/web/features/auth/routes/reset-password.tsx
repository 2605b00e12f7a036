import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import type { passwordResetSchema } from '../../../../shared/schemas/auth';
import { FormError } from '../../../components/ui/form-error';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/password-reset';
import { errorMessage } from '../../../lib/error-message';
import { PasswordInput } from '../components/password-input';
import { OutcomeCard } from '../components/outcome-card';

// The token comes from the link, not from the form. The schema and zod load when the form first
// checks its values, as on the other forms a visitor lands on.
const resolver = lazyZodResolver(() => import('../../../../shared/schemas/auth').then((module) => module.passwordResetSchema.pick({ newPassword: true })));
type FormValues = Pick<z.infer<typeof passwordResetSchema>, 'newPassword'>;

/**
 * The token arrives in the link's fragment (after #), which the browser never sends to a server;
 * it is read once and the fragment cleared, so it does not stay in the address bar or history.
 */
function takeTokenFromAddress(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/** Sets a new password with the token of the e-mailed link. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.setTitle'));
  const [token] = useState(takeTokenFromAddress);
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(token === '');
  const form = useForm<FormValues>({ resolver });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword });
    } catch (error) {
      if (error instanceof ApiError && 'token' in error.fields) {
        setLinkRefused(true);
        return;
      }
      applyServerErrors(error, form.setError, ['newPassword']);
      if (!(error instanceof ApiError && 'newPassword' in error.fields)) setFormError(errorMessage(error, t));
    }
  });

  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        {reset.isSuccess ? (
          <OutcomeCard title={t('passwordReset.doneTitle')} message={t('passwordReset.done')} tone="success" next={{ to: '/logIn', label: t('auth.login') }} />
        ) : linkRefused ? (
          <OutcomeCard title={t('passwordReset.setTitle')} message={t('passwordReset.linkRefused')} tone="error" next={{ to: '/forgotPassword', label: t('passwordReset.askAgain') }} />
        ) : (
          <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
            <h1 className="text-2xl font-bold">{t('passwordReset.setTitle')}</h1>
            <p className="text-sm text-base-content/80">{t('passwordReset.setIntro')}</p>
            <FormField id="reset-new-password" label={t('changePassword.new')} error={errors.newPassword?.message} hint={t('auth.passwordHint')}>
              <PasswordInput id="reset-new-password" autoComplete="new-password" error={errors.newPassword?.message} hint={t('auth.passwordHint')} registration={form.register('newPassword')} />
            </FormField>
            <FormError message={formError} />
            <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
              {isSubmitting ? t('changePassword.saving') : t('passwordReset.set')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
