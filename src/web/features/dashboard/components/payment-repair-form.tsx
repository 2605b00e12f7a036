import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { paymentRepairSchema, returnReasonCodes, type OutwardPaymentAnswer } from '../../../../shared/schemas/payment-operations';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { sendRepair } from '../api/payment-operations';

type RepairInput = z.input<typeof paymentRepairSchema>;
type Repair = z.output<typeof paymentRepairSchema>;

/** A staff member asks for a repair of one payment, with a reason, checked by the same schema as the server's; another member of staff approves it. */
export function PaymentRepairForm({ payment, onClose }: { payment: OutwardPaymentAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshDashboard();
  const defaultValues: RepairInput = { action: payment.status === 'settled' ? 'mark_returned' : 're_enquire', reasonCode: 'AC04', reason: '' };
  const form = useForm<RepairInput, unknown, Repair>({ resolver: zodResolver(paymentRepairSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const returning = form.watch('action') === 'mark_returned';

  const submit = async (values: Repair) => {
    try {
      await sendRepair(payment.id, returning ? values : { action: values.action, reason: values.reason });
      toast.success(t('dashboard.paymentOps.repairFiled'));
      await refresh();
      onClose();
    } catch (caught) {
      // A refusal naming a field shows under it; any other (a repair waiting already) in a toast.
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) applyServerErrors(caught, form.setError, ['action', 'reasonCode', 'reason']);
      else toast.error(errorMessage(caught, t));
    }
  };

  return (
    <form className="card mb-4 border border-base-300 bg-base-100 p-4" onSubmit={form.handleSubmit(submit)} noValidate data-testid="repair-form">
      <h2 className="mb-3 text-lg font-bold">{t('dashboard.paymentOps.repairTitle', { reference: payment.reference })}</h2>
      <fieldset className="grid gap-3 md:grid-cols-2" disabled={isSubmitting}>
        <FormField id="repair-action" label={t('dashboard.paymentOps.action')} error={errors.action?.message}>
          <select className="select w-full" {...describedBy('repair-action', errors.action?.message)} {...form.register('action')}>
            <option value="re_enquire">{t('dashboard.paymentOps.reEnquire')}</option>
            <option value="mark_returned">{t('dashboard.paymentOps.markReturned')}</option>
          </select>
        </FormField>
        {returning ? (
          <FormField id="repair-code" label={t('dashboard.paymentOps.reasonCode')} error={errors.reasonCode?.message}>
            <select className="select w-full" {...describedBy('repair-code', errors.reasonCode?.message)} {...form.register('reasonCode')}>
              {returnReasonCodes.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </FormField>
        ) : null}
        <div className="md:col-span-2">
          <FormField id="repair-reason" label={t('dashboard.paymentOps.reason')} error={errors.reason?.message}>
            <textarea className="textarea w-full" rows={2} maxLength={500} {...describedBy('repair-reason', errors.reason?.message)} {...form.register('reason')} />
          </FormField>
        </div>
      </fieldset>
      <div className="mt-3 flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
          {t('dashboard.paymentOps.fileRepair')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('dashboard.paymentOps.cancel')}
        </button>
      </div>
    </form>
  );
}
