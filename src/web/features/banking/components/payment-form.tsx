import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { remittanceLengthMax } from '../../../../shared/schemas/payments';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { useTranslation } from '../../../lib/use-translation';
import type { DirectoryEntry } from '../api/payments';
import { entryName } from './bank-search';
import { PaymentConfirm } from './payment-confirm';
import { PaymentFields } from './payment-fields';
import { PaymentQuote } from './payment-quote';
import { PaymentReceipt } from './payment-receipt';
import { SavedReceiverPicker } from './saved-receiver-picker';
import { usePaymentReceiverChoice } from './use-payment-receiver-choice';
import { paymentPayloadOf, usePaymentOperation } from './use-payment-operation';
import { usePaymentQuote } from './use-payment-quote';

type PaymentFormProps = { accounts: readonly AccountAnswer[]; entries: readonly DirectoryEntry[]; defaultAccountId: string };

/** A payment to another bank or wallet: the receiver looked up on the switch, a rail chosen, a confirm step, a receipt. */
export function PaymentForm({ accounts, entries, defaultAccountId }: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const { form, quoted, rail, setRail, lookUp, forget } = usePaymentQuote(defaultAccountId);
  const { payment, ask } = usePaymentOperation(form);
  const { receivers, fillReceiver } = usePaymentReceiverChoice(form);
  const { state } = payment;
  const bankNameOf = (code: string) => {
    const entry = entries.find((candidate) => candidate.code === code);
    return entry ? entryName(entry, i18n.language) : code;
  };

  if (state.phase === 'done') {
    const startAgain = () => {
      form.reset();
      forget();
      payment.reset();
    };
    return <PaymentReceipt payment={state.answer} bankName={bankNameOf(state.answer.receiver.participant)} onAnother={startAgain} />;
  }

  const chosen = quoted?.answer.options.find((option) => option.rail === rail && option.open);
  const pay = () => {
    if (!quoted || !chosen?.open) return;
    void ask({ payload: paymentPayloadOf(quoted, chosen.rail, form.getValues('purpose')), option: chosen });
  };
  const confirming = state.phase === 'confirming' || payment.busy;
  const purposeError = form.formState.errors.purpose?.message;
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={lookUp} noValidate>
      <div className="card-body gap-4">
        <fieldset className="flex flex-col gap-4" disabled={confirming}>
          <PaymentFields
            form={form}
            accounts={accounts}
            entries={entries}
            picker={
              receivers.length > 0 ? (
                <SavedReceiverPicker id="payment-saved" receivers={receivers} typed={form.watch('receiverAccount')} participant={form.watch('receiverParticipant') || null} onPick={fillReceiver} />
              ) : null
            }
          />
          {quoted ? (
            <>
              <PaymentQuote quote={quoted.answer} bankName={bankNameOf(quoted.payload.receiverParticipant)} rail={rail} onChoose={setRail} />
              <FormField id="payment-purpose" label={t('payments.purpose')} error={purposeError} hint={t('payments.purposeHint')}>
                <input
                  className="input w-full"
                  maxLength={remittanceLengthMax}
                  autoComplete="off"
                  {...describedBy('payment-purpose', purposeError, t('payments.purposeHint'))}
                  {...form.register('purpose')}
                />
              </FormField>
            </>
          ) : null}
        </fieldset>
        <FormError message={form.formState.errors.root?.message} />
        <OperationNotice state={state} checking={t('payments.checking')} unknown={t('payments.unknown')} onCheckAgain={payment.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <PaymentConfirm values={state.values} bankName={bankNameOf(state.values.payload.receiverParticipant)} busy={payment.busy} onConfirm={payment.confirm} onCancel={payment.cancel} />
        ) : quoted ? (
          <button ref={payment.openerRef} type="button" className="btn btn-primary" disabled={!chosen} onClick={pay}>
            {t('payments.pay')}
          </button>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('payments.lookingUp') : t('payments.lookUp')}
          </button>
        )}
      </div>
    </form>
  );
}
