import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { fdrTermsMonths } from '../../../../shared/interest/fixed-deposit';
import { poishaToDecimalString } from '../../../../shared/money';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { nomineeRelations } from '../../../../shared/schemas/banking';
import { ChoiceField } from '../../../components/ui/choice-field';
import { type FdrAnswer, type FdrQuoteAnswer, fdrInstructions } from '../../../../shared/schemas/fixed-deposits';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { FormError } from '../../../components/ui/form-error';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatBdt, formatDate, formatDigits } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { useMyAccounts } from '../api/accounts';
import { type FdrOpenPayload, openFdr, quoteFdr, useFdrProducts, useMyFdrs } from '../api/fixed-deposits';
import { useRefreshBanking } from '../api/money';
import { ActiveAccountsState } from '../components/active-accounts';

const formSchema = z.object({
  accountId: z.string().min(1, 'Your account number is required'),
  amount: amountInPoisha('Amount'),
  termMonths: z.string().min(1, 'Choose a term'),
  instruction: z.enum(fdrInstructions, { error: 'Choose what happens at maturity' }),
  nomineeName: z.string().trim().min(1, 'Name is required'),
  nomineeId: z.string().trim().min(1, 'Nominee NID is required'),
  nomineeRelation: z.string().min(1, 'Please select the Relation Type'),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const fields = ['accountId', 'amount', 'termMonths', 'instruction', 'nomineeName', 'nomineeId', 'nomineeRelation'] as const;

/** A rate in basis points as a percentage with two decimals, in the reader's digits: 850 is "8.50 %". */
const percent = (basisPoints: number) => `${formatDigits((basisPoints / 100).toFixed(2))} %`;

function RatesTable() {
  const { t } = useTranslation();
  const products = useFdrProducts();
  return (
    <QueryState query={products}>
      {({ products: rows }) => (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm">
            <caption className="p-3 text-left font-semibold">{t('fdr.ratesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fdr.term')}</th>
                <th scope="col">{t('fdr.rate')}</th>
                <th scope="col">{t('fdr.prematureRate')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.termMonths}>
                  <td>{t('fdr.months', { count: row.termMonths })}</td>
                  <td>{percent(row.annualRateBasisPoints)}</td>
                  <td>{percent(row.prematureRateBasisPoints)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="px-3 pb-3 text-sm text-base-content/80">{t('fdr.minimum', { amount: formatBdt(BigInt(rows[0]?.principalPoishaMin ?? '0')) })}</p>
        </div>
      )}
    </QueryState>
  );
}

/** The figures of a quote or an opened FDR, as the confirm step and the receipt show them. */
function quoteDetails(quote: Pick<FdrQuoteAnswer, 'principalPoisha' | 'annualRateBasisPoints' | 'maturityDay' | 'maturity'>, t: ReturnType<typeof useTranslation>['t']) {
  return [
    [t('fdr.principal'), formatBdt(BigInt(quote.principalPoisha))],
    [t('fdr.rate'), percent(quote.annualRateBasisPoints)],
    [t('fdr.maturityDay'), formatDate(quote.maturityDay)],
    [t('fdr.interest'), formatBdt(BigInt(quote.maturity.interestPoisha))],
    [t('fdr.sourceTax', { percent: formatDigits(String(quote.maturity.taxPercent)) }), formatBdt(BigInt(quote.maturity.taxPoisha))],
    [t('fdr.atMaturity'), formatBdt(BigInt(quote.maturity.paidPoisha))],
  ] as const;
}

function OpenFdrForm({ accounts }: { accounts: Array<{ _id: string }> }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const [quote, setQuote] = useState<FdrQuoteAnswer | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { accountId: accounts[0]?._id ?? '', termMonths: '12', instruction: 'credit', amount: '', nomineeName: '', nomineeId: '', nomineeRelation: '' },
  });
  const { errors } = form.formState;
  // The relation is checked by the server against the shared list; the form's empty first choice is refused there by name.
  const payloadOf = (values: FormOutput): FdrOpenPayload => ({
    ...values,
    amount: poishaToDecimalString(values.amount),
    termMonths: Number(values.termMonths),
    nomineeRelation: values.nomineeRelation as FdrOpenPayload['nomineeRelation'],
  });
  const operation = useSafeOperation<FormOutput, { deposit: FdrAnswer; accountBalancePoisha: string }>({
    send: (values, key) => openFdr(payloadOf(values), key),
    onDone: refresh,
    onRefused: (caught) => applyServerErrors(caught, form.setError, fields),
  });
  const { state } = operation;

  const ask = async (values: FormOutput) => {
    try {
      setQuote(await quoteFdr({ accountId: values.accountId, amount: poishaToDecimalString(values.amount), termMonths: Number(values.termMonths) }));
      operation.ask(values);
    } catch (caught) {
      applyServerErrors(caught, form.setError, fields);
      if (!(caught instanceof ApiError && Object.keys(caught.fields).length > 0)) form.setError('root', { message: caught instanceof ApiError ? errorMessage(caught, t) : t('fdr.unknown') });
    }
  };

  if (state.phase === 'done') {
    const { deposit } = state.answer;
    return (
      <OperationReceipt
        title={t('fdr.opened')}
        reference={deposit.reference}
        details={[...quoteDetails(deposit, t), [t('fdr.instruction'), t(`fdr.instructions.${deposit.instruction}`)], [t('banking.accountNumber'), deposit.accountId]]}
        note={t('fdr.receiptNote')}
      >
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            form.reset();
            operation.reset();
          }}
        >
          {t('fdr.another')}
        </button>
      </OperationReceipt>
    );
  }

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={form.handleSubmit(ask)} noValidate>
      <div className="card-body gap-4">
        <h2 className="card-title">{t('fdr.openTitle')}</h2>
        <fieldset className="grid gap-4 sm:grid-cols-2" disabled={operation.busy || state.phase === 'confirming'}>
          <FormField id="fdr-account" label={t('fdr.fromAccount')} error={errors.accountId?.message}>
            <select className="select w-full font-mono" {...describedBy('fdr-account', errors.accountId?.message)} {...form.register('accountId')}>
              {accounts.map((account) => (
                <option key={account._id} value={account._id}>
                  {account._id}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="fdr-amount" label={t('fdr.amount')} error={errors.amount?.message}>
            <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('fdr-amount', errors.amount?.message)} {...form.register('amount')} />
          </FormField>
          <FormField id="fdr-term" label={t('fdr.term')} error={errors.termMonths?.message}>
            <select className="select w-full" {...describedBy('fdr-term', errors.termMonths?.message)} {...form.register('termMonths')}>
              {fdrTermsMonths.map((months) => (
                <option key={months} value={String(months)}>
                  {t('fdr.months', { count: months })}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="fdr-instruction" label={t('fdr.instruction')} error={errors.instruction?.message}>
            <select className="select w-full" {...describedBy('fdr-instruction', errors.instruction?.message)} {...form.register('instruction')}>
              {fdrInstructions.map((instruction) => (
                <option key={instruction} value={instruction}>
                  {t(`fdr.instructions.${instruction}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="fdr-nominee-name" label={t('openAccount.nomineeName')} error={errors.nomineeName?.message}>
            <input className="input w-full" autoComplete="off" {...describedBy('fdr-nominee-name', errors.nomineeName?.message)} {...form.register('nomineeName')} />
          </FormField>
          <FormField id="fdr-nominee-id" label={t('openAccount.nomineeId')} error={errors.nomineeId?.message}>
            <input className="input w-full" inputMode="numeric" autoComplete="off" {...describedBy('fdr-nominee-id', errors.nomineeId?.message)} {...form.register('nomineeId')} />
          </FormField>
          <ChoiceField
            id="fdr-nominee-relation"
            label={t('openAccount.nomineeRelation')}
            error={errors.nomineeRelation?.message}
            prompt={t('openAccount.chooseRelation')}
            choices={nomineeRelations.map((relation) => ({ value: relation, label: t(`openAccount.relations.${relation}`) }))}
            registration={form.register('nomineeRelation')}
          />
        </fieldset>
        <FormError message={errors.root?.message} />
        {state.phase === 'confirming' || operation.busy ? (
          quote && (
            <ConfirmStep id="fdr-confirm" confirmLabel={t('fdr.confirm')} busy={operation.busy} onConfirm={operation.confirm} onCancel={operation.cancel}>
              <p className="font-semibold">{t('fdr.confirmTitle')}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {quoteDetails(quote, t).map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt>{label}</dt>
                    <dd className="text-right font-semibold sm:text-left">{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-xs">{t('fdr.taxNote')}</p>
            </ConfirmStep>
          )
        ) : (
          <SubmitButton busy={false} label={t('fdr.quote')} />
        )}
        <OperationNotice state={state} checking={t('fdr.checking')} unknown={t('fdr.unknown')} onCheckAgain={operation.checkAgain} />
      </div>
    </form>
  );
}

function MyFdrs() {
  const { t } = useTranslation();
  const fdrs = useMyFdrs();
  return (
    <QueryState query={fdrs} isEmpty={(answer) => answer.deposits.length === 0} empty={<p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t('fdr.empty')}</p>}>
      {({ deposits }) => (
        <ul className="flex flex-col gap-2" aria-label={t('fdr.listTitle')}>
          {deposits.map((deposit) => (
            <li key={deposit.id} className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="fdr-row">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="font-semibold">{formatBdt(BigInt(deposit.principalPoisha))}</span>
                <span className="badge badge-soft">{t(`fdr.statuses.${deposit.status}`)}</span>
              </div>
              <p className="text-sm text-base-content/80">
                {t('fdr.months', { count: deposit.termMonths })} · {percent(deposit.annualRateBasisPoints)} · {t('fdr.openedOn', { day: formatDate(deposit.openingDay) })}
              </p>
              <p className="text-sm">{t('fdr.maturesOn', { day: formatDate(deposit.maturityDay), amount: formatBdt(BigInt(deposit.paidPoisha ?? deposit.maturity.paidPoisha)) })}</p>
              <p className="text-xs text-base-content/80">
                {t(`fdr.instructions.${deposit.instruction}`)} · <span className="font-mono">{deposit.reference}</span>
              </p>
              <Link to={`/fdr/${deposit.id}`} className="link text-sm">
                {t('fdr.details')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** The FDR: the rates in force, opening one from an active account (quote, confirm, receipt), and the customer's FDRs. */
export default function FixedDepositsPage() {
  const { t } = useTranslation();
  const accounts = useMyAccounts();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('fdr.title')} intro={t('fdr.intro')} />
      <RatesTable />
      <ActiveAccountsState accounts={accounts}>{(active) => <OpenFdrForm accounts={active} />}</ActiveAccountsState>
      <h2 className="text-lg font-semibold">{t('fdr.listTitle')}</h2>
      <MyFdrs />
      <Link to="/myAccounts" className="link">
        {t('banking.backToAccounts')}
      </Link>
    </section>
  );
}
