import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { dpsDayOfMonthMax, dpsTermsYears } from '../../../../shared/interest/savings-scheme';
import { poishaToDecimalString } from '../../../../shared/money';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { nomineeRelations } from '../../../../shared/schemas/banking';
import type { DpsAnswer, DpsListEntry, DpsQuoteAnswer } from '../../../../shared/schemas/deposit-schemes';
import { ChoiceField } from '../../../components/ui/choice-field';
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
import { formatBdt, formatCount, formatDate, formatDigits, formatPercent } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { useMyAccounts } from '../api/accounts';
import { type DpsOpenedAnswer, type DpsOpenPayload, openDps, quoteDps, useDpsProducts, useMyDps } from '../api/deposit-schemes';
import { useRefreshBanking } from '../api/money';
import { ActiveAccountsState } from '../components/active-accounts';
import { StatusBadge } from '../../../components/ui/status-badge';

const formSchema = z.object({
  accountId: z.string().min(1, 'Your account number is required'),
  instalment: amountInPoisha('Instalment'),
  termYears: z.string().min(1, 'Choose a term'),
  dayOfMonth: z.string().min(1, 'Choose a day of the month'),
  nomineeName: z.string().trim().min(1, 'Name is required'),
  nomineeId: z.string().trim().min(1, 'Nominee NID is required'),
  nomineeRelation: z.string().min(1, 'Please select the Relation Type'),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const fields = ['accountId', 'instalment', 'termYears', 'dayOfMonth', 'nomineeName', 'nomineeId', 'nomineeRelation'] as const;
const daysOfMonth = Array.from({ length: dpsDayOfMonthMax }, (_, index) => index + 1);

/** A rate in basis points as the reader reads a percentage: 850 is "8.50 %". */
const percent = (basisPoints: number) => formatPercent(basisPoints / 100);
const bdt = (poisha: string) => formatBdt(BigInt(poisha));

function RatesTable() {
  const { t } = useTranslation();
  const products = useDpsProducts();
  return (
    <QueryState query={products}>
      {({ products: rows, instalmentPoishaMin, instalmentPoishaMax, instalmentStepPoisha }) => (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm">
            <caption className="p-3 text-left font-semibold">{t('dps.ratesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dps.term')}</th>
                <th scope="col">{t('dps.rate')}</th>
                <th scope="col">{t('dps.earlyRate')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.termYears}>
                  <td>{t('dps.years', { count: row.termYears })}</td>
                  <td>{percent(row.annualRateBasisPoints)}</td>
                  <td>{percent(row.earlyRateBasisPoints)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="px-3 pb-3 text-sm text-base-content/80">{t('dps.limits', { min: bdt(instalmentPoishaMin), max: bdt(instalmentPoishaMax), step: bdt(instalmentStepPoisha) })}</p>
        </div>
      )}
    </QueryState>
  );
}

type Figures = Pick<DpsQuoteAnswer, 'instalmentPoisha' | 'annualRateBasisPoints' | 'dayOfMonth' | 'maturityDay' | 'maturity'>;

/** The figures of a quote or an opened DPS, as the confirm step and the receipt show them; the count of instalments is the quote's schedule. */
function schemeDetails(scheme: Figures, instalmentCount: number, t: ReturnType<typeof useTranslation>['t']) {
  return [
    [t('dps.instalmentAmount'), bdt(scheme.instalmentPoisha)],
    [t('dps.dayOfMonth'), t('dps.everyMonth', { day: scheme.dayOfMonth })],
    [t('dps.instalmentCount'), formatCount(instalmentCount)],
    [t('dps.rate'), percent(scheme.annualRateBasisPoints)],
    [t('dps.paidIn'), bdt(scheme.maturity.depositedPoisha)],
    [t('dps.interest'), bdt(scheme.maturity.interestPoisha)],
    [t('dps.sourceTax', { percent: formatDigits(String(scheme.maturity.taxPercent)) }), bdt(scheme.maturity.taxPoisha)],
    [t('dps.atMaturity'), bdt(scheme.maturity.paidPoisha)],
    [t('dps.maturityDay'), formatDate(scheme.maturityDay)],
  ] as const;
}

function OpenDpsForm({ accounts }: { accounts: Array<{ _id: string }> }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const [quote, setQuote] = useState<DpsQuoteAnswer | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { accountId: accounts[0]?._id ?? '', termYears: '5', dayOfMonth: '10', instalment: '', nomineeName: '', nomineeId: '', nomineeRelation: '' },
  });
  const { errors } = form.formState;
  const quotePayloadOf = (values: FormOutput) => ({
    accountId: values.accountId,
    instalment: poishaToDecimalString(values.instalment),
    termYears: Number(values.termYears),
    dayOfMonth: Number(values.dayOfMonth),
  });
  // The relation is checked by the server against the shared list; the form's empty first choice is refused there by name.
  const payloadOf = (values: FormOutput): DpsOpenPayload => ({
    ...values,
    ...quotePayloadOf(values),
    nomineeRelation: values.nomineeRelation as DpsOpenPayload['nomineeRelation'],
  });
  const operation = useSafeOperation<FormOutput, DpsOpenedAnswer>({
    send: (values, key) => openDps(payloadOf(values), key),
    onDone: refresh,
    onRefused: (caught) => applyServerErrors(caught, form.setError, fields),
  });
  const { state } = operation;

  const ask = async (values: FormOutput) => {
    try {
      setQuote(await quoteDps(quotePayloadOf(values)));
      operation.ask(values);
    } catch (caught) {
      applyServerErrors(caught, form.setError, fields);
      if (!(caught instanceof ApiError && Object.keys(caught.fields).length > 0)) form.setError('root', { message: caught instanceof ApiError ? errorMessage(caught, t) : t('dps.unknown') });
    }
  };

  if (state.phase === 'done') {
    const { scheme } = state.answer;
    return (
      <OperationReceipt
        title={t('dps.opened')}
        reference={scheme.reference}
        details={[...schemeDetails(scheme, quote?.schedule.length ?? 0, t), [t('banking.accountNumber'), scheme.accountId]]}
        note={t('dps.receiptNote')}
      >
        <Link to={`/dps/${scheme.id}`} className="btn btn-outline">
          {t('dps.details')}
        </Link>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            form.reset();
            operation.reset();
          }}
        >
          {t('dps.another')}
        </button>
      </OperationReceipt>
    );
  }

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={form.handleSubmit(ask)} noValidate>
      <div className="card-body gap-4">
        <h2 className="card-title">{t('dps.openTitle')}</h2>
        <fieldset className="grid gap-4 sm:grid-cols-2" disabled={operation.busy || state.phase === 'confirming'}>
          <FormField id="dps-account" label={t('dps.fromAccount')} error={errors.accountId?.message}>
            <select className="select w-full font-mono" {...describedBy('dps-account', errors.accountId?.message)} {...form.register('accountId')}>
              {accounts.map((account) => (
                <option key={account._id} value={account._id}>
                  {account._id}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="dps-instalment" label={t('dps.instalment')} error={errors.instalment?.message}>
            <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('dps-instalment', errors.instalment?.message)} {...form.register('instalment')} />
          </FormField>
          <FormField id="dps-term" label={t('dps.term')} error={errors.termYears?.message}>
            <select className="select w-full" {...describedBy('dps-term', errors.termYears?.message)} {...form.register('termYears')}>
              {dpsTermsYears.map((years) => (
                <option key={years} value={String(years)}>
                  {t('dps.years', { count: years })}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="dps-day" label={t('dps.dayOfMonth')} error={errors.dayOfMonth?.message}>
            <select className="select w-full" {...describedBy('dps-day', errors.dayOfMonth?.message)} {...form.register('dayOfMonth')}>
              {daysOfMonth.map((day) => (
                <option key={day} value={String(day)}>
                  {formatCount(day)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="dps-nominee-name" label={t('openAccount.nomineeName')} error={errors.nomineeName?.message}>
            <input className="input w-full" autoComplete="off" {...describedBy('dps-nominee-name', errors.nomineeName?.message)} {...form.register('nomineeName')} />
          </FormField>
          <FormField id="dps-nominee-id" label={t('openAccount.nomineeId')} error={errors.nomineeId?.message}>
            <input className="input w-full" inputMode="numeric" autoComplete="off" {...describedBy('dps-nominee-id', errors.nomineeId?.message)} {...form.register('nomineeId')} />
          </FormField>
          <ChoiceField
            id="dps-nominee-relation"
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
            <ConfirmStep id="dps-confirm" confirmLabel={t('dps.confirm')} busy={operation.busy} onConfirm={operation.confirm} onCancel={operation.cancel}>
              <p className="font-semibold">{t('dps.confirmTitle')}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {[...schemeDetails(quote, quote.schedule.length, t), [t('dps.firstDue'), formatDate(quote.schedule[0] ?? quote.openingDay)] as const].map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt>{label}</dt>
                    <dd className="text-right font-semibold sm:text-left">{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-xs">{t('dps.taxNote')}</p>
            </ConfirmStep>
          )
        ) : (
          <SubmitButton busy={false} label={t('dps.quote')} />
        )}
        <OperationNotice state={state} checking={t('dps.checking')} unknown={t('dps.unknown')} onCheckAgain={operation.checkAgain} />
      </div>
    </form>
  );
}

/** The last line of a scheme in the list: what it pays at maturity, or what it paid when it ended. */
function outcomeOf(scheme: DpsAnswer, t: ReturnType<typeof useTranslation>['t']) {
  if (scheme.paidPoisha !== null) return t('dps.paidOn', { day: formatDate(scheme.closedDay ?? scheme.maturityDay), amount: bdt(scheme.paidPoisha) });
  return t('dps.maturesOn', { day: formatDate(scheme.maturityDay), amount: bdt(scheme.maturity.paidPoisha) });
}

function SchemeRow({ scheme }: { scheme: DpsListEntry }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="dps-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="font-semibold">
          {t('dps.everyMonth', { day: scheme.dayOfMonth })}: {bdt(scheme.instalmentPoisha)}
        </span>
        <StatusBadge status={scheme.status} label={t(`dps.statuses.${scheme.status}`)} />
      </div>
      <p className="text-sm text-base-content/80">
        {t('dps.years', { count: scheme.termYears })} · {percent(scheme.annualRateBasisPoints)} · {t('dps.progress', { paid: scheme.paidCount, total: scheme.instalmentCount })}
      </p>
      {scheme.status === 'active' && scheme.nextDueDay !== null && <p className="text-sm">{t('dps.nextDue', { day: formatDate(scheme.nextDueDay) })}</p>}
      <p className="text-sm">{outcomeOf(scheme, t)}</p>
      <p className="text-xs text-base-content/80">
        <span className="font-mono">{scheme.reference}</span>
      </p>
      <Link to={`/dps/${scheme.id}`} className="link text-sm">
        {t('dps.details')}
      </Link>
    </li>
  );
}

function MySchemes() {
  const { t } = useTranslation();
  const schemes = useMyDps();
  return (
    <QueryState query={schemes} isEmpty={(answer) => answer.schemes.length === 0} empty={<p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t('dps.empty')}</p>}>
      {({ schemes: rows }) => (
        <ul className="flex flex-col gap-2" aria-label={t('dps.listTitle')}>
          {rows.map((scheme) => (
            <SchemeRow key={scheme.id} scheme={scheme} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** The DPS: the rates in force, opening one from an active account (quote, confirm, receipt), and the customer's schemes. */
export default function DepositSchemesPage() {
  const { t } = useTranslation();
  const accounts = useMyAccounts();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('dps.title')} intro={t('dps.intro')} />
      <RatesTable />
      <ActiveAccountsState accounts={accounts}>{(active) => <OpenDpsForm accounts={active} />}</ActiveAccountsState>
      <h2 className="text-lg font-semibold">{t('dps.listTitle')}</h2>
      <MySchemes />
      <Link to="/myAccounts" className="link">
        {t('banking.backToAccounts')}
      </Link>
    </section>
  );
}
