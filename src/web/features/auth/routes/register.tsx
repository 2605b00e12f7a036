import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { isLanguage } from '../../../../shared/language';
import { requestSignUpCode, useSignUp } from '../api/sign-up';
import { errorMessage } from '../../../lib/error-message';
import { PasswordInput } from '../components/password-input';
import { landingPathFor } from '../landing-path';
import type { registerFormSchema } from '../components/register-form-schema';
import { useDocumentTitle } from '../../../lib/use-document-title';

type RegisterForm = z.input<typeof registerFormSchema>;
const resolver = lazyZodResolver(() => import('../components/register-form-schema').then((module) => module.registerFormSchema));

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('auth.registerTitle'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterForm, unknown, z.output<typeof registerFormSchema>>({ resolver });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (values.phoneNumber !== undefined && values.phoneCode === undefined) {
      form.setError(sentTo ? 'phoneCode' : 'phoneNumber', { message: sentTo ? 'Code is required' : t('auth.phoneSendFirst') }, { shouldFocus: true });
      return;
    }
    try {
      const phone = values.phoneNumber !== undefined ? { phoneNumber: values.phoneNumber, ...(values.phoneCode !== undefined ? { phoneCode: values.phoneCode } : {}) } : {};
      await signUp.mutateAsync({ name: values.name, email: values.email, password: values.password, ...phone });
      toast.success(t('auth.userCreated'));
      // A new customer has no account yet: My Accounts is where they request one.
      await navigate(landingPathFor({ role: 'user' }));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'name' || field === 'email' || field === 'password' || field === 'phoneNumber' || field === 'phoneCode') form.setError(field, { message });
        }
      }
      setFormError(errorMessage(error, t));
    }
  });

  /** The number's code by SMS, asked before the form is sent: the form then carries the number with it. */
  const sendCode = async () => {
    form.clearErrors(['phoneNumber', 'phoneCode']);
    // Loaded when used, as the form's own schema is: zod stays out of the page's first script.
    const { mobileNumber } = await import('../../../../shared/schemas/two-factor');
    const typed = mobileNumber().safeParse(form.getValues('phoneNumber') ?? '');
    if (!typed.success) {
      form.setError('phoneNumber', { message: typed.error.issues[0]?.message ?? '' }, { shouldFocus: true });
      return;
    }
    setSending(true);
    try {
      const answer = await requestSignUpCode(typed.data, isLanguage(i18n.language) ? i18n.language : 'en');
      setSentTo(answer.sentTo ?? typed.data);
      form.setFocus('phoneCode');
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields.phoneNumber : undefined;
      if (fieldMessage) form.setError('phoneNumber', { message: fieldMessage });
      else setFormError(errorMessage(error, t));
    } finally {
      setSending(false);
    }
  };

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
          <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-3" aria-describedby="register-phone-intro">
            <legend className="px-1 text-sm font-semibold">{t('auth.phoneLegend')}</legend>
            <p id="register-phone-intro" className="text-sm text-base-content/80">
              {t('auth.phoneIntro')}
            </p>
            <FormField id="register-phone" label={t('auth.phoneNumber')} error={errors.phoneNumber?.message}>
              <div className="flex flex-col gap-2 sm:flex-row">
                <input
                  className="input w-full sm:min-w-0 sm:flex-1"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="01712-345678"
                  {...describedBy('register-phone', errors.phoneNumber?.message)}
                  {...form.register('phoneNumber', {
                    // A code proves one number: another number needs its own.
                    onChange: () => {
                      setSentTo(null);
                      form.setValue('phoneCode', '');
                    },
                  })}
                />
                <button type="button" className="btn btn-outline btn-primary" disabled={sending} onClick={() => void sendCode()}>
                  {sentTo ? t('auth.phoneResend') : t('auth.phoneSend')}
                </button>
              </div>
            </FormField>
            {sentTo ? (
              <>
                <p className="text-sm" role="status">
                  {t('auth.phoneCodeSent', { sentTo })}
                </p>
                <FormField id="register-phone-code" label={t('auth.phoneCode')} error={errors.phoneCode?.message}>
                  <input
                    className="input w-full max-w-xs font-mono text-lg tracking-widest"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={12}
                    {...describedBy('register-phone-code', errors.phoneCode?.message)}
                    {...form.register('phoneCode')}
                  />
                </FormField>
                <p className="text-sm text-base-content/80">{t('auth.phoneNeverAsk')}</p>
              </>
            ) : null}
          </fieldset>
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
