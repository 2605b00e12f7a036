import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import type { LoanType } from '../../../../shared/schemas/catalogue';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { ApiError, apiRequestChecked } from '../../../lib/api-client';
import { formatBdtNumber } from '../../../lib/format';
import { messageInLanguage } from '../../../lib/i18n';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useLoanTypes } from '../../../lib/catalogue-queries';

/** One loan type's floor: the amount and the reason the audit trail keeps, sent once per press. */
function FloorRow({ type }: { type: LoanType }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = `floor-${type.loanType}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await apiRequestChecked(decidedAnswerSchema, `/api/loansTypes/${type.loanType}/incomeFloor`, {
        method: 'PUT',
        body: { monthlyIncomeMin: amount, reason },
        headers: idempotencyHeader(crypto.randomUUID()),
      });
      toast.success(t('dashboard.loanFloors.saved'));
      setAmount('');
      setReason('');
      await queryClient.invalidateQueries({ queryKey: ['catalogue'] });
    } catch (error) {
      setErrors(error instanceof ApiError ? { ...error.fields, form: error.message } : { form: t('dashboard.loanFloors.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="grid gap-2 border-b border-base-200 py-3 last:border-b-0 md:grid-cols-[12rem_1fr_1fr_auto] md:items-end" onSubmit={(event) => void submit(event)} noValidate>
      <div>
        <p className="font-medium">{type.name}</p>
        <p className="text-sm text-base-content/80" data-testid={`${id}-current`}>
          {t('dashboard.loanFloors.current', { amount: formatBdtNumber(type.monthlyIncomeMin) })}
        </p>
      </div>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-amount`}>
        {t('dashboard.loanFloors.newFloor')}
        <input
          id={`${id}-amount`}
          className="input input-sm w-full"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={errors.monthlyIncomeMin ? true : undefined}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-reason`}>
        {t('dashboard.loanFloors.reason')}
        <input id={`${id}-reason`} className="input input-sm w-full" value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={errors.reason ? true : undefined} />
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy} aria-busy={busy}>
        {t('dashboard.loanFloors.save')}
      </button>
      {errors.form ? (
        <p className="text-sm text-error md:col-span-4" role="alert">
          {messageInLanguage(errors.monthlyIncomeMin ?? errors.reason ?? errors.form)}
        </p>
      ) : null}
    </form>
  );
}

/** The monthly income each loan type asks of its applicants, which staff change here. */
export function LoanIncomeFloors() {
  const { t } = useTranslation();
  const { data } = useLoanTypes();
  if (!data) return null;
  return (
    <section className="card mt-6 border border-base-300 bg-base-100 shadow-sm" aria-labelledby="loan-floors-title" data-testid="loan-income-floors">
      <div className="card-body gap-1">
        <h2 id="loan-floors-title" className="card-title text-lg">
          {t('dashboard.loanFloors.title')}
        </h2>
        <p className="text-sm text-base-content/80">{t('dashboard.loanFloors.intro')}</p>
        {data.map((type) => (
          <FloorRow key={type.loanType} type={type} />
        ))}
      </div>
    </section>
  );
}
