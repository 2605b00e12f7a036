import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { breakExplanationSchema, type ReconciliationBreakAnswer } from '../../../../shared/schemas/payment-operations';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { explainBreak } from '../api/payment-operations';

type ExplanationInput = z.input<typeof breakExplanationSchema>;
type Explanation = z.output<typeof breakExplanationSchema>;

/** Staff say what they found of one open break and what was done about it, checked by the server's schema. */
export function BreakExplanationForm({ found, onClose }: { found: ReconciliationBreakAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshDashboard();
  const form = useForm<ExplanationInput, unknown, Explanation>({ resolver: zodResolver(breakExplanationSchema), defaultValues: { explanation: '' } });
  const { errors, isSubmitting } = form.formState;
  const fieldId = `break-explanation-${found.id}`;

  const submit = async (values: Explanation) => {
    try {
      await explainBreak(found.id, values);
      toast.success(t('dashboard.paymentOps.breakExplained'));
      await refresh();
      onClose();
    } catch (caught) {
      // A refusal naming the field shows under it; any other (explained meanwhile by someone else) in a toast.
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) applyServerErrors(caught, form.setError, ['explanation']);
      else toast.error(errorMessage(caught, t));
    }
  };

  return (
    <form className="mt-2 grid gap-2" onSubmit={form.handleSubmit(submit)} noValidate data-testid="break-explanation-form">
      <fieldset disabled={isSubmitting}>
        <FormField id={fieldId} label={t('dashboard.paymentOps.explanation')} error={errors.explanation?.message}>
          <textarea className="textarea w-full" rows={2} maxLength={500} {...describedBy(fieldId, errors.explanation?.message)} {...form.register('explanation')} />
        </FormField>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
          {t('dashboard.paymentOps.saveExplanation')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('dashboard.paymentOps.cancel')}
        </button>
      </div>
    </form>
  );
}
