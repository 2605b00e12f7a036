import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { loginSchema } from '../../../../shared/schemas/auth';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { sessionQueryOptions } from '../../../lib/session';
import { useSignIn } from '../api/sign-in';
import { errorMessage } from '../../../lib/error-message';
import { PasswordInput } from '../components/password-input';
import { landingPathFor } from '../landing-path';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { loadAreaTexts, type AreaTexts } from '../../../lib/i18n';
import { SignInCodeStep } from '../components/sign-in-code-step';

/** One's own account's texts (two-step verification among them), loaded for the code step. */
const accountTexts: AreaTexts = {
  en: () => import('../../../locales/en-account').then((module) => module.enAccount),
  bn: () => import('../../../locales/bn-account').then((module) => module.bnAccount),
};

const resolver = lazyZodResolver(() => import('../../../../shared/schemas/auth').then((module) => module.loginSchema));

export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.loginTitle'));
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({ resolver });
  const { errors, isSubmitting } = form.formState;
  const arrival = location.state as { from?: string; sessionEnded?: boolean } | null;
  const [codeStep, setCodeStep] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = (await signIn.mutateAsync(values)) as { twoFactorRedirect?: boolean } | null;
      // Two-step verification is on: the password was right, the code comes next.
      if (answer?.twoFactorRedirect) {
        await loadAreaTexts(accountTexts);
        setCodeStep(true);
        return;
      }
      toast.success(t('auth.loggedIn'));
      const returnTo = arrival?.from ?? landingPathFor(await queryClient.fetchQuery(sessionQueryOptions()));
      await navigate(returnTo, { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, t));
    }
  });

  if (codeStep) return <SignInCodeStep from={arrival?.from} />;
  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
          <h1 className="text-2xl font-bold">{t('auth.loginTitle')}</h1>
          <p className="text-sm text-base-content/80">{t('auth.loginIntro')}</p>
          {arrival?.sessionEnded ? (
            <p role="status" className="alert alert-info text-sm">
              {t('auth.sessionEnded')}
            </p>
          ) : null}
          <FormField id="login-email" label={t('auth.email')} error={errors.email?.message}>
            <input className="input w-full" type="email" autoComplete="username" {...describedBy('login-email', errors.email?.message)} {...form.register('email')} />
          </FormField>
          <FormField id="login-password" label={t('auth.password')} error={errors.password?.message}>
            <PasswordInput id="login-password" autoComplete="current-password" error={errors.password?.message} registration={form.register('password')} />
          </FormField>
          <p className="-mt-2 text-right text-sm">
            <Link to="/forgotPassword" className="link link-primary">
              {t('auth.forgotPassword')}
            </Link>
          </p>
          <FormError message={formError} />
          <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? t('auth.loggingIn') : t('auth.login')}
          </button>
          <p className="text-center text-sm">
            {t('auth.noAccount')}{' '}
            <Link to="/register" className="link link-primary">
              {t('auth.goRegister')}
            </Link>
          </p>
        </form>
      </div>
    </section>
  );
}
