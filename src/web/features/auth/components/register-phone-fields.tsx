import type { UseFormReturn } from 'react-hook-form';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import type { RegisterFormInput, RegisterFormOutput, RegisterPhone } from './use-register-form';

type RegisterPhoneFieldsProps = { form: UseFormReturn<RegisterFormInput, unknown, RegisterFormOutput>; phone: RegisterPhone };

/** The optional mobile number with its Send code button, then the code box once a code is on its way. */
export function RegisterPhoneFields({ form, phone }: RegisterPhoneFieldsProps) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
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
            {...form.register('phoneNumber', { onChange: phone.forgetCode })}
          />
          <button type="button" className="btn btn-outline btn-primary" disabled={phone.sending} onClick={phone.sendCode}>
            {phone.sentTo ? t('auth.phoneResend') : t('auth.phoneSend')}
          </button>
        </div>
      </FormField>
      {phone.sentTo ? (
        <>
          <p className="text-sm" role="status">
            {t('auth.phoneCodeSent', { sentTo: phone.sentTo })}
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
  );
}
