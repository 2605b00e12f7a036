import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { maskAccountNumber } from '../../../../shared/account-display';
import { bdtNumberToPoisha, poishaToDecimalString } from '../../../../shared/money';
import { formatBdt, formatBdtNumber } from '../../../lib/format';
import { accountNumber, transferAmount } from '../../../../shared/schemas/banking';
import type { NameEnquiryAnswer } from '../../../../shared/schemas/name-enquiry';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { transferLimitBreach } from '../../../../shared/transfer-limits';
import type { AccountLimitAnswer } from '../../../../shared/schemas/limits';
import { useAccountLimits } from '../api/account-limits';
import { checkTransfer, sendTransfer, type TransferAnswer, type TransferPayload, useRefreshBanking } from '../api/money';
import { ApiError } from '../../../lib/api-client';
import { stepUpBeforeConfirm } from '../../../lib/step-up';
import { FormError } from '../../../components/ui/form-error';
import { useSavedReceiverActions, useSavedReceivers } from '../api/saved-receivers';
import { AccountPage } from '../components/account-page';
import { accountTypeWordOf, PayeeLookupLine, usePayeeLookup } from '../components/payee-lookup';
import { transferReceiptUrl } from '../../../lib/account-queries';
import { SavedReceiverPicker } from '../components/saved-receiver-picker';

const formSchema = z.object({
  accNum: accountNumber('Receiver account number'),
  // The API's own rule (at least the minimum transfer), so the form says it before sending.
  sendAmount: transferAmount,
  /** Keep the receiver among the saved ones once the transfer has gone through. */
  saveReceiver: z.boolean().optional(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
/** What the customer confirms: the form's values and the receiver as the name enquiry showed them. */
type TransferValues = FormOutput & { payee: NameEnquiryAnswer };

/** "KA*** HO*****, Savings account 2081234567897": who the customer pays, as the confirm says it; the number never broken across lines. */
function PayeeWords({ payee }: { payee: NameEnquiryAnswer }) {
  const { t } = useTranslation();
  return (
    <>
      {t('transfer.payToValue', { name: payee.maskedName, type: accountTypeWordOf(payee) })} <span className="whitespace-nowrap">{payee.accNum}</span>
    </>
  );
}

function TransferForm({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const { errors, isSubmitting } = form.formState;
  const error = (name: keyof FormInput) => errors[name]?.message;
  const savedReceivers = useSavedReceivers().data;
  const receivers = savedReceivers ?? [];
  const { save: saveReceiver } = useSavedReceiverActions();
  const [receiverSaving, setReceiverSaving] = useState<'saving' | 'saved' | 'failed' | null>(null);
  const payloadOf = (values: TransferValues): TransferPayload => ({ id: account._id, accNum: values.payee.accNum, confirmedName: values.payee.maskedName, sendAmount: poishaToDecimalString(values.sendAmount) });
  // The code confirmed before the confirm step (step-up), sent with the transfer.
  const stepUpCode = useRef<string | undefined>(undefined);
  const transfer = useSafeOperation<TransferValues, TransferAnswer>({
    send: (values, key) => sendTransfer(payloadOf(values), key, { code: stepUpCode.current, check: (code) => checkTransfer(payloadOf(values), code) }),
    onDone: async (_answer, values) => {
      await refresh();
      if (!values.saveReceiver) return;
      // Only after the money went: a receiver the bank refused is not worth keeping.
      setReceiverSaving('saving');
      try {
        await saveReceiver.mutateAsync({ accNum: values.payee.accNum, confirmedName: values.payee.maskedName });
        setReceiverSaving('saved');
      } catch {
        setReceiverSaving('failed');
      }
    },
    onRefused: (caught) => {
      applyServerErrors(caught, form.setError, ['accNum', 'sendAmount']);
      // The balance and what is left today may have changed elsewhere (another device): show them as the server saw them.
      void refresh();
    },
  });
  const { state } = transfer;
  const typedWatched = useWatch({ control: form.control, name: 'accNum' });
  const typedAccountNumber = typeof typedWatched === 'string' ? typedWatched : '';
  const lookup = usePayeeLookup(typedAccountNumber);
  const typedIsSaved = receivers.some((receiver) => receiver.accNum === typedAccountNumber.trim());
  const balancePoisha = bdtNumberToPoisha(account.amount);
  const fillReceiver = (receiver: { accNum: string } | undefined) => {
    form.setValue('accNum', receiver ? receiver.accNum : '', { shouldDirty: true });
    form.clearErrors('accNum');
  };
  // A receiver chosen on the Saved receivers page arrives as `?receiver=`: filled once it has loaded, then the address forgets it.
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenId = searchParams.get('receiver');
  useEffect(() => {
    if (!chosenId || !savedReceivers) return;
    fillReceiver(savedReceivers.find((receiver) => receiver._id === chosenId));
    setSearchParams({}, { replace: true });
    // fillReceiver is remade each render; the receiver is filled once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenId, savedReceivers]);
  const limits = useAccountLimits(account._id).data;

  const onSubmit = form.handleSubmit(async (values) => {
    // The customer pays the person the bank showed them, never a number nobody looked up.
    if (lookup.state !== 'found' || lookup.payee.accNum !== values.accNum) {
      const why = lookup.state === 'notFound' || lookup.state === 'throttled' || lookup.state === 'unavailable' ? lookup.state : 'required';
      form.setError('accNum', { message: t(`transfer.payee.${why}`) });
      return;
    }
    const payee = lookup.payee;
    // Less than the balance (sending all of it is refused), checked here for a quick answer and again on the server, which decides.
    if (values.sendAmount >= balancePoisha) {
      const most = balancePoisha > 1n ? formatBdt(balancePoisha - 1n) : formatBdt(0n);
      form.setError('sendAmount', { message: `${t('transfer.insufficient')} ${t('transfer.wholeBalanceRule', { most })}` });
      return;
    }
    // The limits as last read: the server checks them again under the account's lock, and decides.
    const overLimit = limits ? limitBreachOf(limits, values.sendAmount) : undefined;
    if (overLimit) {
      form.setError('sendAmount', { message: overLimit });
      return;
    }
    const confirmed: TransferValues = { ...values, payee };
    // Asked before the confirm step, in a dialog over the form: a code, or a number to verify first.
    stepUpCode.current = undefined;
    try {
      const stepUp = await stepUpBeforeConfirm((code) => checkTransfer(payloadOf(confirmed), code));
      if (!stepUp) return;
      stepUpCode.current = stepUp.code;
    } catch (caught) {
      const message = applyServerErrors(caught, form.setError, ['accNum', 'sendAmount']);
      if (caught instanceof ApiError && Object.keys(caught.fields).length === 0) form.setError('root', { message });
      if (!(caught instanceof ApiError)) form.setError('root', { message: t('transfer.unknown') });
      return;
    }
    transfer.ask(confirmed);
  });

  if (state.phase === 'done') {
    const { values, answer } = state;
    return (
      <OperationReceipt
        title={t('transfer.success')}
        reference={answer.reference}
        at={answer.postedAt}
        details={[
          [t('transfer.sent'), formatBdt(values.sendAmount)],
          [t('transfer.to'), t('transfer.toValue', { name: values.payee.maskedName, account: maskAccountNumber(values.payee.accNum) })],
          [t('transfer.from'), maskAccountNumber(account._id)],
          [t('transfer.newBalance'), formatBdtNumber(answer.amount)],
        ]}
      >
        {receiverSaving ? (
          <p role="status" className={`w-full text-sm ${receiverSaving === 'failed' ? 'text-error' : 'text-base-content/80'}`} data-testid="receiver-saving" data-state={receiverSaving}>
            {t(`savedReceivers.after.${receiverSaving}`, { name: values.payee.maskedName })}
          </p>
        ) : null}
        <Link to="/myAccounts" className="btn btn-primary">
          {t('banking.backToAccounts')}
        </Link>
        {answer.insertedId ? (
          <a className="btn btn-outline btn-primary" href={transferReceiptUrl(answer.insertedId)} download>
            {t('statementPeriod.receiptPdf')}
          </a>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            form.reset();
            setReceiverSaving(null);
            transfer.reset();
          }}
        >
          {t('transfer.another')}
        </button>
      </OperationReceipt>
    );
  }

  const confirming = state.phase === 'confirming' || transfer.busy;
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body gap-4">
        <fieldset className="flex flex-col gap-4" disabled={confirming}>
          <SavedReceiverPicker receivers={receivers} typed={typedAccountNumber} onPick={fillReceiver} />
          <FormField id="transfer-accNum" label={t('transfer.receiverAccount')} error={error('accNum')}>
            <input className="input w-full font-mono" inputMode="numeric" autoComplete="off" maxLength={13} {...describedBy('transfer-accNum', error('accNum'))} {...form.register('accNum')} />
          </FormField>
          <PayeeLookupLine lookup={lookup} />
          {typedIsSaved ? null : (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input type="checkbox" className="checkbox checkbox-primary" {...form.register('saveReceiver')} />
              {t('savedReceivers.saveAfter')}
            </label>
          )}
          {limits ? <LimitsLine limits={limits} /> : null}
          <FormField id="transfer-amount" label={t('transfer.amount')} error={error('sendAmount')} hint={t('transfer.available', { amount: formatBdtNumber(account.amount) })}>
            <input
              className="input w-full"
              inputMode="decimal"
              autoComplete="off"
              {...describedBy('transfer-amount', error('sendAmount'), t('transfer.available', { amount: formatBdtNumber(account.amount) }))}
              {...form.register('sendAmount')}
            />
          </FormField>
        </fieldset>
        <FormError message={errors.root?.message} />
        <OperationNotice state={state} checking={t('transfer.checking')} unknown={t('transfer.unknown')} onCheckAgain={transfer.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <ConfirmStep id="transfer-confirm" confirmLabel={t('transfer.confirmButton')} busy={transfer.busy} onConfirm={transfer.confirm} onCancel={transfer.cancel}>
            {t('transfer.confirm', { amount: formatBdt(state.values.sendAmount), fromType: account.role, from: maskAccountNumber(account._id) })}
            <span className="my-1 block" data-testid="confirm-payee">
              {t('transfer.payTo')}:{' '}
              <strong className="font-semibold break-words">
                <PayeeWords payee={state.values.payee} />
              </strong>
            </span>
            {t('transfer.balanceAfter', { amount: formatBdt(balancePoisha - state.values.sendAmount) })}
          </ConfirmStep>
        ) : (
          <button ref={transfer.openerRef} type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {t('transfer.submit')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The server's words for an amount over the limits, so the customer reads the same refusal before and after confirming. */
function limitBreachOf(limits: AccountLimitAnswer, amountPoisha: bigint): string | undefined {
  const amounts = { perTransferPoisha: bdtNumberToPoisha(limits.perTransfer), perDayPoisha: bdtNumberToPoisha(limits.perDay) };
  return transferLimitBreach(amounts, bdtNumberToPoisha(limits.sentToday), amountPoisha)?.message;
}

/** The account's transfer limits and what is left of today's, above the amount they bound. */
function LimitsLine({ limits }: { limits: AccountLimitAnswer }) {
  const { t } = useTranslation();
  return (
    <p className="rounded-box bg-base-200/60 px-3 py-2 text-sm text-base-content/80" data-testid="transfer-limits">
      {t('transferLimits.line', { perTransfer: formatBdtNumber(limits.perTransfer), perDay: formatBdtNumber(limits.perDay) })}{' '}
      <strong className="font-semibold text-base-content">{t('transferLimits.leftToday', { left: formatBdtNumber(limits.leftToday) })}</strong>
    </p>
  );
}

export default function MoneyTransferPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AccountPage accountId={id} title={t('transfer.title')} intro={t('transfer.intro')}>
      {(account) => <TransferForm account={account} />}
    </AccountPage>
  );
}
