import { Link } from 'react-router';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTranslation } from '../../../lib/use-translation';
import { PasswordInput } from '../components/password-input';
import { RegisterPhoneFields } from '../components/register-phone-fields';
import { useRegisterForm } from '../components/use-register-form';

export default function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.registerTitle'));
  const { form, onSubmit, formError, phone } = useRegisterForm();
  const { errors, isSubmitting } = form.formState;

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
          <RegisterPhoneFields form={form} phone={phone} />
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
