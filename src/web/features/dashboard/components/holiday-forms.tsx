import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { holidayInputSchema, holidayNameLengthMax, holidayNamesSchema, type HolidayAnswer, type HolidayInput, type HolidayNames } from '../../../../shared/schemas/holidays';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { sendHolidayCorrection, sendNewHoliday } from '../api/holidays';

type AddInput = z.input<typeof holidayInputSchema>;
type NamesInput = z.input<typeof holidayNamesSchema>;

/** The name in the reader's language, as the confirm steps and the dialogs name a holiday. */
export const nameIn = (language: string, holiday: { nameEn: string; nameBn: string }) => (language === 'bn' ? holiday.nameBn : holiday.nameEn);

/** Both names and whether the date is a prediction: the fields adding and correcting share, under the same names in both forms. */
function NameFields({ register, errors, idPrefix }: { register: UseFormRegister<NamesInput>; errors: FieldErrors<NamesInput>; idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id={`${idPrefix}-name-en`} label={t('dashboard.holidays.nameEn')} error={errors.nameEn?.message}>
        <input className="input w-full" autoComplete="off" maxLength={holidayNameLengthMax} {...describedBy(`${idPrefix}-name-en`, errors.nameEn?.message)} {...register('nameEn')} />
      </FormField>
      <FormField id={`${idPrefix}-name-bn`} label={t('dashboard.holidays.nameBn')} error={errors.nameBn?.message}>
        <input className="input w-full" lang="bn" autoComplete="off" maxLength={holidayNameLengthMax} {...describedBy(`${idPrefix}-name-bn`, errors.nameBn?.message)} {...register('nameBn')} />
      </FormField>
      <label className="flex cursor-pointer items-start gap-3 text-sm md:col-span-2">
        <input type="checkbox" className="checkbox checkbox-primary mt-0.5" {...register('predicted')} />
        <span>{t('dashboard.holidays.predictedLabel')}</span>
      </label>
    </>
  );
}

/** A new holiday: the date and both names, confirmed before it is sent. */
export function AddHolidayForm() {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshDashboard();
  const form = useForm<AddInput, unknown, HolidayInput>({ resolver: zodResolver(holidayInputSchema), defaultValues: { date: '', nameEn: '', nameBn: '', predicted: false } });
  const dateError = form.formState.errors.date?.message;
  const adding = useSafeOperation<HolidayInput, HolidayAnswer>({
    send: sendNewHoliday,
    onDone: async () => {
      toast.success(t('dashboard.holidays.added'));
      form.reset();
      adding.reset();
      await refresh();
    },
    // A refusal naming a field shows under it; any other (the date is a holiday already) in a toast.
    onRefused: (caught) => {
      if (Object.keys(caught.fields).length > 0) applyServerErrors(caught, form.setError, ['date', 'nameEn', 'nameBn', 'predicted']);
      else toast.error(errorMessage(caught, t));
    },
  });
  const { state } = adding;
  const confirming = state.phase === 'confirming' || adding.busy;
  return (
    <section aria-labelledby="add-holiday" className="card mb-6 border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={form.handleSubmit((values) => adding.ask(values))} noValidate data-testid="add-holiday-form">
        <div>
          <h2 id="add-holiday" className="card-title text-lg">
            {t('dashboard.holidays.addTitle')}
          </h2>
          <p className="text-sm text-base-content/80">{t('dashboard.holidays.addIntro')}</p>
        </div>
        <fieldset className="grid gap-4 md:grid-cols-2" disabled={confirming}>
          <div className="md:col-span-2 md:max-w-xs">
            <FormField id="holiday-date" label={t('dashboard.holidays.date')} error={dateError}>
              <input type="date" className="input w-full" {...describedBy('holiday-date', dateError)} {...form.register('date')} />
            </FormField>
          </div>
          <NameFields register={form.register} errors={form.formState.errors} idPrefix="holiday" />
        </fieldset>
        <OperationNotice state={state} checking={t('dashboard.list.checking')} unknown={t('dashboard.list.unknown')} onCheckAgain={adding.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <ConfirmStep id="holiday-add-confirm" confirmLabel={t('dashboard.holidays.addConfirm')} busy={adding.busy} onConfirm={adding.confirm} onCancel={adding.cancel}>
            {t('dashboard.holidays.addSummary', { name: nameIn(i18n.language, state.values), date: formatDate(state.values.date) })}
          </ConfirmStep>
        ) : (
          <div>
            <button ref={adding.openerRef} type="submit" className="btn btn-primary">
              {t('dashboard.holidays.addButton')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

/** New names for one holiday, or its date confirmed; the date itself stays (moving a holiday is adding one and removing the other). */
export function CorrectHolidayForm({ holiday, onClose }: { holiday: HolidayAnswer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshDashboard();
  const form = useForm<NamesInput, unknown, HolidayNames>({
    resolver: zodResolver(holidayNamesSchema),
    defaultValues: { nameEn: holiday.nameEn, nameBn: holiday.nameBn, predicted: holiday.predicted },
  });
  const correcting = useSafeOperation<HolidayNames, HolidayAnswer>({
    send: (names, key) => sendHolidayCorrection(holiday.date, names, key),
    onDone: async () => {
      toast.success(t('dashboard.holidays.corrected'));
      onClose();
      await refresh();
    },
    onRefused: (caught) => {
      if (Object.keys(caught.fields).length > 0) applyServerErrors(caught, form.setError, ['nameEn', 'nameBn', 'predicted']);
      else toast.error(errorMessage(caught, t));
    },
  });
  const { state } = correcting;
  const confirming = state.phase === 'confirming' || correcting.busy;
  const date = formatDate(holiday.date);
  return (
    <section aria-labelledby="correct-holiday" className="card mb-6 border border-primary/40 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={form.handleSubmit((values) => correcting.ask(values))} noValidate data-testid="correct-holiday-form">
        <div>
          <h2 id="correct-holiday" className="card-title text-lg">
            {t('dashboard.holidays.correctTitle', { date })}
          </h2>
          <p className="text-sm text-base-content/80">{t('dashboard.holidays.correctIntro')}</p>
        </div>
        <fieldset className="grid gap-4 md:grid-cols-2" disabled={confirming}>
          <NameFields register={form.register} errors={form.formState.errors} idPrefix="correct-holiday" />
        </fieldset>
        <OperationNotice state={state} checking={t('dashboard.list.checking')} unknown={t('dashboard.list.unknown')} onCheckAgain={correcting.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <ConfirmStep id="holiday-correct-confirm" confirmLabel={t('dashboard.holidays.correctConfirm')} busy={correcting.busy} onConfirm={correcting.confirm} onCancel={correcting.cancel}>
            {t('dashboard.holidays.correctSummary', {
              name: nameIn(i18n.language, state.values),
              date,
              standing: t(state.values.predicted ? 'dashboard.holidays.predicted' : 'dashboard.holidays.confirmed'),
            })}
          </ConfirmStep>
        ) : (
          <div className="flex flex-wrap gap-2">
            <button ref={correcting.openerRef} type="submit" className="btn btn-primary">
              {t('dashboard.holidays.correctButton')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('dashboard.holidays.stopCorrecting')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
