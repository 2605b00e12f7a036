import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import type { staffInvitationAcceptSchema } from '../../../../shared/schemas/staff';
import { FormError } from '../../../components/ui/form-error';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptStaffInvitation, useStaffInvitation } from '../api/staff-invitation';
import { errorMessage, refusalText } from '../../../lib/error-message';
import { OutcomeCard } from '../components/outcome-card';
import { PasswordInput } from '../components/password-input';

// The token comes from the link, not from the form. The schema and zod load when the form first
// checks its values, as on the other forms a visitor lands on.
const resolver = lazyZodResolver(() => import('../../../../shared/schemas/staff').then((module) => module.staffInvitationAcceptSchema.pick({ password: true })));
type FormValues = Pick<z.infer<typeof staffInvitationAcceptSchema>, 'password'>;

/**
 * The token arrives in the link's fragment (after #), which the browser never sends to a server;
 * it is read once and the fragment cleared, so it does not stay in the address bar or history.
 */
function takeTokenFromAddress(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/** An invited staff member chooses their password; two-step verification follows at the first sign-in. */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('staffInvitation.title'));
  const [token] = useState(takeTokenFromAddress);
  const invitation = useStaffInvitation(token);
  const accept = useAcceptStaffInvitation();
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(token === '' ? t('staffInvitation.linkIncomplete') : null);
  const form = useForm<FormValues>({ resolver });
  const { errors, isSubmitting } = form.formState;
  const lookupRefusal = invitation.error instanceof ApiError && invitation.error.status < 500 && invitation.error.status > 0 ? refusalText(invitation.error, t) : null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await accept.mutateAsync({ token, password: values.password });
    } catch (error) {
      if (error instanceof ApiError && 'token' in error.fields) {
        setRefusal(refusalText(error, t));
        return;
      }
      applyServerErrors(error, form.setError, ['password']);
      if (!(error instanceof ApiError && 'password' in error.fields)) setFormError(errorMessage(error, t));
    }
  });

  const shownRefusal = refusal ?? lookupRefusal;
  return (
    <section className="mx-auto max-w-md" data-testid="staff-invitation">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        {accept.isSuccess ? (
          <OutcomeCard title={t('staffInvitation.doneTitle')} message={t('staffInvitation.done')} tone="success" next={{ to: '/logIn', label: t('auth.login') }} />
        ) : shownRefusal ? (
          <OutcomeCard title={t('staffInvitation.title')} message={shownRefusal} tone="error" next={{ to: '/', label: t('staffInvitation.home') }} />
        ) : invitation.data ? (
          <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
            <h1 className="text-2xl font-bold">{t('staffInvitation.title')}</h1>
            <p className="text-base-content/80">{t('staffInvitation.welcome', { name: invitation.data.name })}</p>
            <p className="text-sm text-base-content/80">
              {t('staffInvitation.signInAs')} <span className="break-all font-medium text-base-content">{invitation.data.email}</span>
            </p>
            <FormField id="invitation-password" label={t('staffInvitation.password')} error={errors.password?.message} hint={t('auth.passwordHint')}>
              <PasswordInput id="invitation-password" autoComplete="new-password" error={errors.password?.message} hint={t('auth.passwordHint')} registration={form.register('password')} />
            </FormField>
            <p className="text-sm text-base-content/80">{t('staffInvitation.twoStepNext')}</p>
            <FormError message={formError} />
            <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
              {isSubmitting ? t('changePassword.saving') : t('staffInvitation.accept')}
            </button>
          </form>
        ) : invitation.isError ? (
          <div className="card-body">
            <FormError message={errorMessage(invitation.error, t)} />
          </div>
        ) : (
          <div className="card-body">
            <p className="text-base-content/80">{t('common.loading')}</p>
          </div>
        )}
      </div>
    </section>
  );
}
