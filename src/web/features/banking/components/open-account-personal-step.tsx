import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { accountTypeSlugs } from '../../../../shared/constants';
import { accountTypeDisplayNames, genders } from '../../../../shared/schemas/banking';
import { ChoiceField } from '../../../components/ui/choice-field';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { acceptedImageTypes } from './photo-field';
import { fieldError, type OpenAccountForm, textInput } from './use-open-account';

type PersonalStepProps = { form: OpenAccountForm; shown: boolean; user: { email: string; displayName?: string | null | undefined } | null | undefined; onNext: () => void };

/** The account request's first step: the account type and the customer (e-mail and name from the profile, read-only). */
export function OpenAccountPersonalStep({ form, shown, user, onNext }: PersonalStepProps) {
  const { t } = useTranslation();
  const error = (name: Parameters<typeof fieldError>[1]) => fieldError(form, name);
  return (
    <div className={`card-body grid gap-4 sm:grid-cols-2 ${shown ? '' : 'hidden'}`}>
      <ChoiceField
        id="open-role"
        label={t('openAccount.accountType')}
        error={error('role')}
        prompt={t('openAccount.chooseAccountType')}
        choices={accountTypeSlugs.map((slug) => ({ value: slug, label: accountTypeDisplayNames[slug] }))}
        registration={form.register('role')}
      />
      <FormField id="open-email" label={t('openAccount.email')} hint={t('openAccount.emailHint')}>
        <input id="open-email" className="input w-full" value={user?.email ?? ''} readOnly aria-readonly="true" aria-describedby="open-email-hint" />
      </FormField>
      <FormField id="open-holderName" label={t('openAccount.holderName')} hint={t('openAccount.holderNameHint')}>
        <input id="open-holderName" className="input w-full" value={user?.displayName ?? ''} readOnly aria-readonly="true" aria-describedby="open-holderName-hint" />
      </FormField>
      <p className="text-sm sm:col-span-2">
        {t('openAccount.holderNameChange')}{' '}
        <Link to="/userProfile" className="link link-primary">
          {t('openAccount.holderNameChangeLink')}
        </Link>
      </p>
      <FormField id="open-phone" label={t('openAccount.phone')} error={error('phone')} hint={t('openAccount.phoneHint')}>
        <input {...textInput(form, 'phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })} {...describedBy('open-phone', error('phone'), t('openAccount.phoneHint'))} />
      </FormField>
      <ChoiceField
        id="open-gender"
        label={t('openAccount.gender')}
        error={error('gender')}
        prompt={t('openAccount.chooseGender')}
        choices={genders.map((gender) => ({ value: gender, label: t(`openAccount.genders.${gender}`) }))}
        registration={form.register('gender')}
      />
      <Controller
        control={form.control}
        name="birthDate"
        render={({ field }) => (
          <DateOfBirthField id="open-birthDate" legend={t('openAccount.birthDate')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error('birthDate')} />
        )}
      />
      <FormField id="open-nid" label={t('openAccount.nid')} error={error('nid')} hint={t('openAccount.nidHint')}>
        <input {...textInput(form, 'nid', { inputMode: 'numeric' })} {...describedBy('open-nid', error('nid'), t('openAccount.nidHint'))} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField id="open-photo" label={t('openAccount.photo')} error={error('photo')} hint={t('openAccount.photoHint')}>
          <input type="file" accept={acceptedImageTypes} className="file-input w-full" {...describedBy('open-photo', error('photo'), t('openAccount.photoHint'))} {...form.register('photo')} />
        </FormField>
      </div>
      <div className="flex justify-end sm:col-span-2">
        <button type="button" className="btn btn-primary" onClick={onNext}>
          {t('openAccount.next')}
        </button>
      </div>
    </div>
  );
}
