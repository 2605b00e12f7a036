import { useState } from 'react';
import { returnReasonCodes, type OutwardPaymentAnswer, type PaymentRepairAction } from '../../../../shared/schemas/payment-operations';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { sendRepair } from '../api/payment-operations';

/** A staff member asks for a repair of one payment, with a reason; another member of staff approves it below. */
export function PaymentRepairForm({ payment, onClose }: { payment: OutwardPaymentAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshDashboard();
  const [action, setAction] = useState<PaymentRepairAction>(payment.status === 'settled' ? 'mark_returned' : 're_enquire');
  const [reasonCode, setReasonCode] = useState<string>(returnReasonCodes[1]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await sendRepair(payment.id, { action, reason, ...(action === 'mark_returned' ? { reasonCode: reasonCode as (typeof returnReasonCodes)[number] } : {}) });
      toast.success(t('dashboard.paymentOps.repairFiled'));
      await refresh();
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="card mb-4 border border-base-300 bg-base-100 p-4" onSubmit={(event) => void submit(event)} data-testid="repair-form">
      <h2 className="mb-3 text-lg font-bold">{t('dashboard.paymentOps.repairTitle', { reference: payment.reference })}</h2>
      <div className="flex flex-wrap gap-3">
        <label className="form-control">
          <span className="label-text text-sm">{t('dashboard.paymentOps.action')}</span>
          <select className="select select-sm" value={action} onChange={(event) => setAction(event.target.value as PaymentRepairAction)}>
            <option value="re_enquire">{t('dashboard.paymentOps.reEnquire')}</option>
            <option value="mark_returned">{t('dashboard.paymentOps.markReturned')}</option>
          </select>
        </label>
        {action === 'mark_returned' ? (
          <label className="form-control">
            <span className="label-text text-sm">{t('dashboard.paymentOps.reasonCode')}</span>
            <select className="select select-sm" value={reasonCode} onChange={(event) => setReasonCode(event.target.value)}>
              {returnReasonCodes.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <label className="form-control mt-3">
        <span className="label-text text-sm">{t('dashboard.paymentOps.reason')}</span>
        <textarea className="textarea w-full" rows={2} value={reason} onChange={(event) => setReason(event.target.value)} required maxLength={500} />
      </label>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={sending}>
          {t('dashboard.paymentOps.fileRepair')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('dashboard.paymentOps.cancel')}
        </button>
      </div>
    </form>
  );
}
