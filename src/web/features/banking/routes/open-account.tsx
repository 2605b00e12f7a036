import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { z } from 'zod';
import { accountTypeSlugs } from '../../../../shared/constants';
import { accountRequestFields, accountTypeDisplayNames, checkAccountRequest, genders, nomineeRelations } from '../../../../shared/schemas/banking';
import { requiredText } from '../../../../shared/schemas/fields';
import { busyLook } from '../../../components/ui/busy-look';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { PageHeader } from '../../../components/ui/page-header';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useSession } from '../../auth/api/get-session';
import { uploadImageOnce } from '../../images/api/upload-image';
import { sendAccountRequest } from '../api/account-request';
import { useRefreshBanking } from '../api/money';
import { acceptedImageTypes, imageFileList } from '../components/photo-field';

const formSchema = accountRequestFields
  .omit({ img: true, email: true })
  .extend({
    photo: imageFileList('Profile Photo is required'),
    // The form asks for a day, a month and a year; the API's own message speaks of its YYYY-MM-DD.
    birthDate: requiredText('Date is required', 10).regex(/^\d{4}-\d{2}-\d{2}$/, 'Birth date needs a day, a month and a year'),
  })
  .superRefine(checkAccountRequest);
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const personalFields: Path<FormInput>[] = ['role', 'phone', 'photo', 'gender', 'birthDate', 'nid'];
const nomineeFields: Path<FormInput>[] = ['residentialArea', 'permanentArea', 'nomineeName', 'nomineeId', 'nomineeRelation'];

export default function OpenAccountPage() {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const { user } = useSession();
  const [step, setStep] = useState<1 | 2>(1);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: { phone: '+880' }, mode: 'onTouched' });
  const { errors } = form.formState;
  const error = (name: keyof FormInput) => errors[name]?.message as string | undefined;
  const requestAccount = useSafeOperation<FormOutput, { insertedId: string }>({
    async send(values, key) {
      const photo = values.photo[0];
      if (!photo || !user) throw new Error('the form schema requires a photo and the page a signed-in user');
      const img = await uploadImageOnce(photo, 'avatar', key);
      return sendAccountRequest(
        {
          role: accountTypeDisplayNames[values.role],
          email: user.email,
          phone: values.phone,
          img,
          gender: values.gender,
          residentialArea: values.residentialArea,
          permanentArea: values.permanentArea,
          nid: values.nid,
          nomineeName: values.nomineeName,
          nomineeId: values.nomineeId,
          nomineeRelation: values.nomineeRelation,
          birthDate: values.birthDate,
        },
        key,
      );
    },
    onDone: refresh,
    onRefused(caught) {
      applyServerErrors(caught, form.setError, [...personalFields, ...nomineeFields], { img: 'photo', image: 'photo' });
      if (personalFields.some((field) => form.getFieldState(field).error)) setStep(1);
    },
  });
  const { state } = requestAccount;

  const next = async () => {
    if (await form.trigger(personalFields)) setStep(2);
  };

  const onSubmit = form.handleSubmit(requestAccount.submit, (invalid) => {
    if (personalFields.some((field) => field in invalid)) setStep(1);
  });

  if (state.phase === 'done') {
    return (
      <section className="mx-auto max-w-3xl">
        <PageHeader title={t('openAccount.title')} intro={t('openAccount.intro')} />
        <OperationReceipt
          title={t('openAccount.success')}
          reference={state.answer.insertedId}
          details={[
            [t('openAccount.accountType'), accountTypeDisplayNames[state.values.role]],
            [t('openAccount.holderName'), user?.displayName ?? ''],
          ]}
          note={t('openAccount.receiptNote')}
        >
          <Link to="/myAccounts" className="btn btn-primary">
            {t('openAccount.goToAccounts')}
          </Link>
        </OperationReceipt>
      </section>
    );
  }

  const input = (name: keyof FormInput, props: Record<string, unknown> = {}) => ({ className: 'input w-full', ...describedBy(`open-${name}`, error(name)), ...props, ...form.register(name) });

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader title={t('openAccount.title')} intro={t('openAccount.intro')} />
      <ul className="steps mb-6 w-full">
        <li className="step step-primary">{t('openAccount.stepPersonal')}</li>
        <li className={`step ${step === 2 ? 'step-primary' : ''}`}>{t('openAccount.stepNominee')}</li>
      </ul>
      <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
        <fieldset disabled={requestAccount.busy}>
          <div className={`card-body grid gap-4 sm:grid-cols-2 ${step === 1 ? '' : 'hidden'}`}>
            <FormField id="open-role" label={t('openAccount.accountType')} error={error('role')}>
              <select className="select w-full" {...describedBy('open-role', error('role'))} {...form.register('role')} defaultValue="">
                <option value="" disabled>
                  {t('openAccount.chooseAccountType')}
                </option>
                {accountTypeSlugs.map((slug) => (
                  <option key={slug} value={slug}>
                    {accountTypeDisplayNames[slug]}
                  </option>
                ))}
              </select>
            </FormField>
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
              <input {...input('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })} {...describedBy('open-phone', error('phone'), t('openAccount.phoneHint'))} />
            </FormField>
            <FormField id="open-gender" label={t('openAccount.gender')} error={error('gender')}>
              <select className="select w-full" {...describedBy('open-gender', error('gender'))} {...form.register('gender')} defaultValue="">
                <option value="" disabled>
                  {t('openAccount.chooseGender')}
                </option>
                {genders.map((gender) => (
                  <option key={gender} value={gender}>
                    {t(`openAccount.genders.${gender}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <Controller
              control={form.control}
              name="birthDate"
              render={({ field }) => (
                <DateOfBirthField id="open-birthDate" legend={t('openAccount.birthDate')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error('birthDate')} />
              )}
            />
            <FormField id="open-nid" label={t('openAccount.nid')} error={error('nid')} hint={t('openAccount.nidHint')}>
              <input {...input('nid', { inputMode: 'numeric' })} {...describedBy('open-nid', error('nid'), t('openAccount.nidHint'))} />
            </FormField>
            <div className="sm:col-span-2">
              <FormField id="open-photo" label={t('openAccount.photo')} error={error('photo')} hint={t('openAccount.photoHint')}>
                <input type="file" accept={acceptedImageTypes} className="file-input w-full" {...describedBy('open-photo', error('photo'), t('openAccount.photoHint'))} {...form.register('photo')} />
              </FormField>
            </div>
            <div className="flex justify-end sm:col-span-2">
              <button type="button" className="btn btn-primary" onClick={() => void next()}>
                {t('openAccount.next')}
              </button>
            </div>
          </div>
          <div className={`card-body grid gap-4 sm:grid-cols-2 ${step === 2 ? '' : 'hidden'}`}>
            <FormField id="open-residentialArea" label={t('openAccount.residentialArea')} error={error('residentialArea')}>
              <input {...input('residentialArea', { autoComplete: 'address-level2' })} />
            </FormField>
            <FormField id="open-permanentArea" label={t('openAccount.permanentArea')} error={error('permanentArea')}>
              <input {...input('permanentArea')} />
            </FormField>
            <FormField id="open-nomineeName" label={t('openAccount.nomineeName')} error={error('nomineeName')}>
              <input {...input('nomineeName')} />
            </FormField>
            <FormField id="open-nomineeId" label={t('openAccount.nomineeId')} error={error('nomineeId')}>
              <input {...input('nomineeId', { inputMode: 'numeric' })} />
            </FormField>
            <FormField id="open-nomineeRelation" label={t('openAccount.nomineeRelation')} error={error('nomineeRelation')}>
              <select className="select w-full" {...describedBy('open-nomineeRelation', error('nomineeRelation'))} {...form.register('nomineeRelation')} defaultValue="">
                <option value="" disabled>
                  {t('openAccount.chooseRelation')}
                </option>
                {nomineeRelations.map((relation) => (
                  <option key={relation} value={relation}>
                    {t(`openAccount.relations.${relation}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <div className="flex justify-between gap-2 sm:col-span-2">
              <button type="button" className="btn btn-ghost" onClick={() => setStep(1)}>
                {t('openAccount.back')}
              </button>
              <button type="submit" className={`btn btn-primary ${busyLook.primary}`} disabled={requestAccount.busy} aria-busy={requestAccount.busy}>
                {requestAccount.busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                {requestAccount.busy ? t('openAccount.submitting') : t('openAccount.submit')}
              </button>
            </div>
          </div>
          {state.phase === 'editing' || state.phase === 'sending' ? null : (
            <div className="card-body pt-0">
              <OperationNotice state={state} checking={t('openAccount.checking')} unknown={t('openAccount.unknown')} onCheckAgain={requestAccount.checkAgain} />
            </div>
          )}
        </fieldset>
      </form>
    </section>
  );
}
