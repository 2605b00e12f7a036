import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { formatBdtNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { ReceiverFields } from './receiver-fields';
import { SavedReceiverPicker } from './saved-receiver-picker';
import { TransferConfirm } from './transfer-confirm';
import { TransferLimitsLine } from './transfer-limits-line';
import { TransferReceipt } from './transfer-receipt';
import { useTransferForm } from './use-transfer-form';

/** Money out of one account: the receiver (looked up by name), the amount within the limits, a confirm step, a receipt. */
export function TransferForm({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const { form, operation, lookup, limits, balancePoisha, receivers, fillReceiver, typedAccountNumber, typedIsSaved, onSubmit } = useTransferForm(account);
  const { transfer } = operation;
  const { state } = transfer;
  const { errors, isSubmitting } = form.formState;
  const error = (name: 'accNum' | 'sendAmount') => errors[name]?.message;

  if (state.phase === 'done') {
    const { values, answer } = state;
    return <TransferReceipt account={account} amountPoisha={values.sendAmount} payee={values.payee} answer={answer} receiverSaving={operation.receiverSaving} onAnother={operation.startAgain} />;
  }

  const confirming = state.phase === 'confirming' || transfer.busy;
  const available = t('transfer.available', { amount: formatBdtNumber(account.amount) });
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body gap-4">
        <fieldset className="flex flex-col gap-4" disabled={confirming}>
          <SavedReceiverPicker receivers={receivers} typed={typedAccountNumber} onPick={fillReceiver} />
          <ReceiverFields id="transfer-accNum" error={error('accNum')} field={form.register('accNum')} lookup={lookup} />
          {typedIsSaved ? null : (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input type="checkbox" className="checkbox checkbox-primary" {...form.register('saveReceiver')} />
              {t('savedReceivers.saveAfter')}
            </label>
          )}
          {limits ? <TransferLimitsLine limits={limits} /> : null}
          <FormField id="transfer-amount" label={t('transfer.amount')} error={error('sendAmount')} hint={available}>
            <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('transfer-amount', error('sendAmount'), available)} {...form.register('sendAmount')} />
          </FormField>
        </fieldset>
        <FormError message={errors.root?.message} />
        <OperationNotice state={state} checking={t('transfer.checking')} unknown={t('transfer.unknown')} onCheckAgain={transfer.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <TransferConfirm
            account={account}
            amountPoisha={state.values.sendAmount}
            balancePoisha={balancePoisha}
            payee={state.values.payee}
            busy={transfer.busy}
            onConfirm={transfer.confirm}
            onCancel={transfer.cancel}
          />
        ) : (
          <button ref={transfer.openerRef} type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {t('transfer.submit')}
          </button>
        )}
      </div>
    </form>
  );
}
