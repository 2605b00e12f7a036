import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { changePasswordSchema } from '../../../../shared/schemas/auth';
import { FormError } from '../../../components/ui/form-error';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useChangePassword } from '../api/change-password';
import { useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/error-message';
import { PasswordInput } from '../components/password-input';

const resolver = lazyZodResolver(() => import('../../../../shared/schemas/auth').then((module) => module.changePasswordSchema));
const fields = ['currentPassword', 'newPassword'] as const;

/**
 * Replaces the signed-in user's password. A user signed in with a password someone else chose
 * (the generated first staff password) is sent here before anything else, and told why.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('changePassword.title'));
  const navigate = useNavigate();
  const { user, isStaff } = useSession();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof changePasswordSchema>, unknown, z.output<typeof changePasswordSchema>>({ resolver });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      toast.success(t('changePassword.done'));
      await navigate(isStaff ? '/dashboard' : '/userProfile', { replace: true });
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
      const shownUnderField = error instanceof ApiError && fields.some((field) => field in error.fields);
      if (!shownUnderField) setFormError(errorMessage(error, t));
    }
  });

  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
          <h1 className="text-2xl font-bold">{t('changePassword.title')}</h1>
          {user?.mustChangePassword ? (
            <p role="status" className="alert alert-warning text-sm">
              {t('changePassword.required')}
            </p>
          ) : (
            <p className="text-sm text-base-content/80">{t('changePassword.intro')}</p>
          )}
          <FormField id="current-password" label={t('changePassword.current')} error={errors.currentPassword?.message}>
            <PasswordInput id="current-password" autoComplete="current-password" error={errors.currentPassword?.message} registration={form.register('currentPassword')} />
          </FormField>
          <FormField id="new-password" label={t('changePassword.new')} error={errors.newPassword?.message} hint={t('auth.passwordHint')}>
            <PasswordInput id="new-password" autoComplete="new-password" error={errors.newPassword?.message} hint={t('auth.passwordHint')} registration={form.register('newPassword')} />
          </FormField>
          <p className="text-sm text-base-content/80">{t('changePassword.otherSessions')}</p>
          <FormError message={formError} />
          <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? t('changePassword.saving') : t('changePassword.save')}
          </button>
        </form>
      </div>
    </section>
  );
}
