import { nomineeRelations } from '../../../../shared/schemas/banking';
import { busyLook } from '../../../components/ui/busy-look';
import { ChoiceField } from '../../../components/ui/choice-field';
import { FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { fieldError, type OpenAccountForm, textInput } from './use-open-account';

type NomineeStepProps = { form: OpenAccountForm; shown: boolean; busy: boolean; onBack: () => void };

/** The account request's second step: where the customer lives, and the nominee; then the request is sent. */
export function OpenAccountNomineeStep({ form, shown, busy, onBack }: NomineeStepProps) {
  const { t } = useTranslation();
  const error = (name: Parameters<typeof fieldError>[1]) => fieldError(form, name);
  return (
    <div className={`card-body grid gap-4 sm:grid-cols-2 ${shown ? '' : 'hidden'}`}>
      <FormField id="open-residentialArea" label={t('openAccount.residentialArea')} error={error('residentialArea')}>
        <input {...textInput(form, 'residentialArea', { autoComplete: 'address-level2' })} />
      </FormField>
      <FormField id="open-permanentArea" label={t('openAccount.permanentArea')} error={error('permanentArea')}>
        <input {...textInput(form, 'permanentArea')} />
      </FormField>
      <FormField id="open-nomineeName" label={t('openAccount.nomineeName')} error={error('nomineeName')}>
        <input {...textInput(form, 'nomineeName')} />
      </FormField>
      <FormField id="open-nomineeId" label={t('openAccount.nomineeId')} error={error('nomineeId')}>
        <input {...textInput(form, 'nomineeId', { inputMode: 'numeric' })} />
      </FormField>
      <ChoiceField
        id="open-nomineeRelation"
        label={t('openAccount.nomineeRelation')}
        error={error('nomineeRelation')}
        prompt={t('openAccount.chooseRelation')}
        choices={nomineeRelations.map((relation) => ({ value: relation, label: t(`openAccount.relations.${relation}`) }))}
        registration={form.register('nomineeRelation')}
      />
      <div className="flex justify-between gap-2 sm:col-span-2">
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          {t('openAccount.back')}
        </button>
        <button type="submit" className={`btn btn-primary ${busyLook.primary}`} disabled={busy} aria-busy={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {busy ? t('openAccount.submitting') : t('openAccount.submit')}
        </button>
      </div>
    </div>
  );
}
