import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useSignUp } from '../api/sign-up';
import { authErrorMessage } from '../components/auth-error-message';
import { PasswordInput } from '../components/password-input';
import { landingPathFor } from '../landing-path';
import type { registerFormSchema } from '../components/register-form-schema';
import { useDocumentTitle } from '../../../lib/use-document-title';

type RegisterForm = z.input<typeof registerFormSchema>;
const resolver = lazyZodResolver(() => import('../components/register-form-schema').then((module) => module.registerFormSchema));

export default function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.registerTitle'));
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterForm, unknown, z.output<typeof registerFormSchema>>({ resolver });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUp.mutateAsync({ name: values.name, email: values.email, password: values.password });
      toast.success(t('auth.userCreated'));
      // A new customer has no account yet: My Accounts is where they request one.
      await navigate(landingPathFor({ role: 'user' }));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'name' || field === 'email' || field === 'password') form.setError(field, { message });
        }
      }
      setFormError(authErrorMessage(error, t));
    }
  });

  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
          <h1 className="text-2xl font-bold">{t('auth.registerTitle')}</h1>
          <p className="text-sm text-base-content/80">{t('auth.registerIntro')}</p>
          <FormField id="register-name" label={t('auth.fullName')} error={errors.name?.message}>
            <input className="input w-full" autoComplete="name" {...describedBy('register-name', errors.name?.message)} {...form.register('name')} />
          </FormField>
          <FormField id="register-email" label={t('auth.email')} error={errors.email?.message}>
            <input className="input w-full" type="email" autoComplete="email" {...describedBy('register-email', errors.email?.message)} {...form.register('email')} />
          </FormField>
          <FormField id="register-password" label={t('auth.password')} error={errors.password?.message} hint={t('auth.passwordHint')}>
            <PasswordInput id="register-password" autoComplete="new-password" error={errors.password?.message} hint={t('auth.passwordHint')} registration={form.register('password')} />
          </FormField>
          <FormError message={formError} />
          <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? t('auth.registering') : t('auth.register')}
          </button>
          <p className="text-center text-sm">
            {t('auth.haveAccount')}{' '}
            <Link to="/logIn" className="link link-primary">
              {t('auth.goLogin')}
            </Link>
          </p>
        </form>
      </div>
    </section>
  );
}
