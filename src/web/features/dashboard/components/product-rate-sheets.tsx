import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  productRateProposalSchema,
  termsOfScheme,
  type ProductRateProposalAnswer,
  type ProductRateScheme,
  type ProductRateSheet,
  type TermRatesAnswer,
} from '../../../../shared/schemas/product-rates';
import type { TermsProposedAnswer } from '../../../../shared/schemas/interest-terms';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { QueryState } from '../../../components/ui/query-state';
import { messageInLanguage } from '../../../lib/i18n';
import { applyServerErrors } from '../../../lib/form-errors';
import { poishaToDecimalString } from '../../../../shared/money';
import { formatBdt, formatDate, formatDateTime, formatDigits, formatPercent } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { sendRateProposal, useProductRateProposals, useProductRateSheets, useRateProposalActions } from '../api/product-rates';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';
import { proposalDecision } from './proposal-decision';
import { ListFailure } from './list-failure';
import { StatusBadge } from '../../../components/ui/status-badge';

type Translate = ReturnType<typeof useTranslation>['t'];

/** "12 months" for an FDR term, "5 years" for a DPS one. */
const termName = (t: Translate, scheme: ProductRateScheme, term: number) => t(`dashboard.productRates.terms.${scheme}`, { count: term, term: formatDigits(String(term)) });

/** A sheet's amounts as a sentence: "Minimum deposit 10,000.00 BDT", "Instalment 500.00 BDT to 25,000.00 BDT a month". */
const amountsLine = (t: Translate, scheme: ProductRateScheme, amounts: { amountPoishaMin: string; amountPoishaMax: string | null }) =>
  t(`dashboard.productRates.amounts.${scheme}`, { min: formatBdt(BigInt(amounts.amountPoishaMin)), max: formatBdt(BigInt(amounts.amountPoishaMax ?? '0')) });

/** A sheet's rates as a small table: term, rate a year, and what breaking it early earns. */
function RatesTable({ scheme, terms }: { scheme: ProductRateScheme; terms: readonly TermRatesAnswer[] }) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 max-w-xl overflow-x-auto">
      <table className="table table-xs">
        <thead>
          <tr>
            <th className="whitespace-normal">{t('dashboard.rates.term')}</th>
            <th className="whitespace-normal text-right">{t('dashboard.rates.rate')}</th>
            <th className="whitespace-normal text-right">{t(`dashboard.productRates.early.${scheme}`)}</th>
          </tr>
        </thead>
        <tbody>
          {terms.map((row) => (
            <tr key={row.term}>
              <td className="whitespace-nowrap">{termName(t, scheme, row.term)}</td>
              <td className="text-right tabular-nums">{formatPercent(row.annualRatePercent)}</td>
              <td className="text-right tabular-nums">{formatPercent(row.prematureRatePercent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Sheet({ sheet }: { sheet: ProductRateSheet }) {
  const { t } = useTranslation();
  return (
    <li className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4" data-testid={`rate-sheet-${sheet.scheme}`}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={sheet.state} label={t(`dashboard.rates.states.${sheet.state}`)} />
        <span>{t('dashboard.rates.from', { date: formatDate(sheet.effectiveFrom) })}</span>
      </p>
      <p className="mt-1 text-sm tabular-nums">{amountsLine(t, sheet.scheme, sheet)}</p>
      <RatesTable scheme={sheet.scheme} terms={sheet.terms} />
      {sheet.approvedBy ? <p className="mt-1 text-xs text-base-content/70">{t('dashboard.rates.approvedBy', { proposer: sheet.proposedBy ?? '', approver: sheet.approvedBy })}</p> : null}
    </li>
  );
}

function Sheets({ scheme }: { scheme: ProductRateScheme }) {
  const { t } = useTranslation();
  const sheets = useProductRateSheets();
  return (
    <QueryState query={sheets} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
      {(list) => (
        <>
          <h3 className="mb-2 font-semibold">{t('dashboard.productRates.sheetsTitle')}</h3>
          <ul className="mb-4 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {list.sheets
              .filter((sheet) => sheet.scheme === scheme)
              .map((sheet) => (
                <Sheet key={sheet.effectiveFrom} sheet={sheet} />
              ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}

function ProposalRow({ proposal, mine, onDecide }: { proposal: ProductRateProposalAnswer; mine: boolean; onDecide: (kind: 'approve' | 'decline') => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4" data-testid={`rate-proposal-${proposal.scheme}`}>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {t('dashboard.rates.from', { date: formatDate(proposal.effectiveFrom) })}
          <StatusBadge status={proposal.status} label={t(`dashboard.statuses.${proposal.status}`, { defaultValue: proposal.status })} nowrap />
        </p>
        <p className="mt-1 tabular-nums">{amountsLine(t, proposal.scheme, proposal)}</p>
        <RatesTable scheme={proposal.scheme} terms={proposal.terms} />
        <p className="wrap-anywhere">{proposal.reason}</p>
        <p className="text-xs text-base-content/70">
          {t('dashboard.rates.proposedBy', { name: mine ? t('dashboard.rates.you') : proposal.proposedBy, at: formatDateTime(proposal.proposedAt) })}
          {proposal.decidedBy ? ` · ${t('dashboard.rates.decidedBy', { name: proposal.decidedBy })}` : ''}
        </p>
        {proposal.declinedReason ? <p className="wrap-anywhere text-xs">{t('dashboard.rates.declinedReason', { reason: proposal.declinedReason })}</p> : null}
        {proposal.status === 'pending' && mine ? <p className="text-xs text-base-content/70">{t('dashboard.rates.waitingForColleague')}</p> : null}
      </div>
      {proposal.status === 'pending' ? (
        <div className="flex gap-2">
          {/* The proposer may withdraw the proposal, never approve it: a second member of staff must. */}
          {mine ? null : (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => onDecide('approve')}>
              {t('dashboard.list.approve')}
            </button>
          )}
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => onDecide('decline')}>
            {t('dashboard.list.decline')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

function Proposals({ scheme }: { scheme: ProductRateScheme }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const proposals = useProductRateProposals();
  const { approve, decline } = useRateProposalActions();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const ask = (proposal: ProductRateProposalAnswer, kind: 'approve' | 'decline') => {
    const values = { product: t(`dashboard.productRates.product.${scheme}`), date: formatDate(proposal.effectiveFrom), name: proposal.proposedBy };
    const facts = [
      { label: t(`dashboard.productRates.amountsFact.${scheme}`), value: amountsLine(t, scheme, proposal) },
      ...proposal.terms.map((row) => ({
        label: termName(t, scheme, row.term),
        value: t(`dashboard.productRates.rateLine.${scheme}`, { rate: formatPercent(row.annualRatePercent), early: formatPercent(row.prematureRatePercent) }),
      })),
      { label: t('dashboard.rates.reason'), value: proposal.reason, long: true },
    ];
    const words = {
      title: t(`dashboard.productRates.${kind}Title`),
      body: t(`dashboard.productRates.${kind}Body`, values),
      confirmLabel: t(`dashboard.productRates.${kind}Confirm`),
      approved: t('dashboard.productRates.approved'),
      declined: t('dashboard.rates.declined'),
      declineReason: { label: t('dashboard.rates.declineReason'), required: t('dashboard.rates.declineReasonRequired') },
    };
    setConfirming(
      proposalDecision({
        id: proposal.id,
        kind,
        words,
        facts,
        calls: { approve, decline },
      }),
    );
  };

  return (
    <>
      <h3 className="mb-2 font-semibold">{t('dashboard.rates.proposalsTitle')}</h3>
      <QueryState query={proposals} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
        {(list) => {
          const ofScheme = list.filter((proposal) => proposal.scheme === scheme);
          return ofScheme.length === 0 ? (
            <p className="mb-4 text-sm text-base-content/80">{t('dashboard.rates.noProposals')}</p>
          ) : (
            <ul className="mb-4 flex flex-col gap-3">
              {ofScheme.map((proposal) => (
                <ProposalRow key={proposal.id} proposal={proposal} mine={proposal.proposedByUserId === user?.id} onDecide={(kind) => ask(proposal, kind)} />
              ))}
            </ul>
          );
        }}
      </QueryState>
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

type FormInput = z.input<typeof productRateProposalSchema>;
type FormOutput = z.output<typeof productRateProposalSchema>;

/** Basis points back to the percent the API reads: 825 → "8.25". */
const percentText = (basisPoints: number) => (basisPoints / 100).toFixed(2);

/**
 * The form to propose a new sheet for one product: every term's rate a year and its early rate,
 * from a business date after today's. The shared schema checks it as the server does.
 */
export function ProposeRatesForm({ scheme }: { scheme: ProductRateScheme }) {
  const { t } = useTranslation();
  const { refresh } = useRateProposalActions();
  const terms = termsOfScheme[scheme];
  const blank = {
    scheme,
    effectiveFrom: '',
    terms: terms.map((term) => ({ term, annualRatePercent: '', prematureRatePercent: '' })),
    // Only a DPS has a highest amount: an FDR sheet sends none, which its schema requires.
    ...(scheme === 'dps' ? { amountMin: '', amountMax: '' } : { amountMin: '' }),
    reason: '',
  };
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(productRateProposalSchema), defaultValues: blank });
  const { errors } = form.formState;
  const termError = (index: number, field: 'annualRatePercent' | 'prematureRatePercent') => errors.terms?.[index]?.[field]?.message;
  const termsError = errors.terms?.message ?? errors.terms?.root?.message;
  const proposal = useSafeOperation<FormOutput, TermsProposedAnswer>({
    send: (values, key) =>
      sendRateProposal(
        {
          scheme: values.scheme,
          effectiveFrom: values.effectiveFrom,
          terms: values.terms.map((row) => ({ term: row.term, annualRatePercent: percentText(row.annualRatePercent), prematureRatePercent: percentText(row.prematureRatePercent) })),
          amountMin: poishaToDecimalString(values.amountMin),
          ...(values.amountMax === undefined ? {} : { amountMax: poishaToDecimalString(values.amountMax) }),
          reason: values.reason,
        },
        key,
      ),
    onDone: async () => {
      toast.success(t('dashboard.productRates.proposed'));
      form.reset(blank);
      proposal.reset();
      await refresh();
    },
    onRefused: (caught) => applyServerErrors(caught, form.setError, ['effectiveFrom', 'amountMin', 'amountMax', 'terms', 'reason']),
  });
  const { state } = proposal;
  const confirming = state.phase === 'confirming' || proposal.busy;
  const id = (suffix: string) => `${scheme}-rates-${suffix}`;

  return (
    <section aria-labelledby={id('propose')} className="card border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={form.handleSubmit((values) => proposal.ask(values))} noValidate data-testid={`propose-${scheme}-rates-form`}>
        <div>
          <h3 id={id('propose')} className="card-title text-lg">
            {t(`dashboard.productRates.proposeTitle.${scheme}`)}
          </h3>
          <p className="text-sm text-base-content/80">{t('dashboard.productRates.proposeIntro')}</p>
        </div>
        <fieldset className="flex flex-col gap-4" disabled={confirming}>
          <div className="md:max-w-xs">
            <FormField id={id('effective')} label={t('dashboard.rates.effectiveFrom')} error={errors.effectiveFrom?.message}>
              <input type="date" className="input w-full" {...describedBy(id('effective'), errors.effectiveFrom?.message)} {...form.register('effectiveFrom')} />
            </FormField>
          </div>
          <div>
            <div className="grid gap-4 sm:grid-cols-2 md:max-w-xl">
              <FormField id={id('amount-min')} label={t(`dashboard.productRates.amountLabels.${scheme}Min`)} error={errors.amountMin?.message}>
                <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy(id('amount-min'), errors.amountMin?.message)} {...form.register('amountMin')} />
              </FormField>
              {scheme === 'dps' ? (
                <FormField id={id('amount-max')} label={t('dashboard.productRates.amountLabels.dpsMax')} error={errors.amountMax?.message}>
                  <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy(id('amount-max'), errors.amountMax?.message)} {...form.register('amountMax')} />
                </FormField>
              ) : null}
            </div>
            <p className="mt-1 text-xs text-base-content/80">{t(`dashboard.productRates.amountsIntro.${scheme}`)}</p>
          </div>
          <div>
            {termsError ? (
              <p role="alert" className="mb-2 text-sm text-error">
                {messageInLanguage(termsError)}
              </p>
            ) : null}
            <div className="grid grid-cols-[minmax(4.5rem,auto)_1fr_1fr] items-start gap-x-2 gap-y-2 md:max-w-xl" role="group" aria-label={t('dashboard.productRates.ratesGroup')}>
              <span className="text-sm font-medium">{t('dashboard.rates.term')}</span>
              <span className="text-sm font-medium">{t('dashboard.rates.tierRate')}</span>
              <span className="text-sm font-medium">{t(`dashboard.productRates.earlyPercent.${scheme}`)}</span>
              {terms.map((term, index) => {
                const annualError = termError(index, 'annualRatePercent');
                const earlyError = termError(index, 'prematureRatePercent');
                const name = termName(t, scheme, term);
                return (
                  <div key={term} className="contents" data-testid="rate-term-row">
                    <span className="pt-2 text-sm">{name}</span>
                    <div>
                      <input
                        className="input input-sm w-full"
                        inputMode="decimal"
                        autoComplete="off"
                        aria-label={t('dashboard.productRates.rateLabel', { term: name })}
                        {...describedBy(id(`${index}-annual`), annualError)}
                        {...form.register(`terms.${index}.annualRatePercent`)}
                      />
                      {annualError ? (
                        <p id={`${id(`${index}-annual`)}-error`} className="text-xs text-error">
                          {messageInLanguage(annualError)}
                        </p>
                      ) : null}
                    </div>
                    <div>
                      <input
                        className="input input-sm w-full"
                        inputMode="decimal"
                        autoComplete="off"
                        aria-label={t(`dashboard.productRates.earlyLabel.${scheme}`, { term: name })}
                        {...describedBy(id(`${index}-early`), earlyError)}
                        {...form.register(`terms.${index}.prematureRatePercent`)}
                      />
                      {earlyError ? (
                        <p id={`${id(`${index}-early`)}-error`} className="text-xs text-error">
                          {messageInLanguage(earlyError)}
                        </p>
                      ) : null}
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          <FormField id={id('reason')} label={t('dashboard.rates.reason')} error={errors.reason?.message}>
            <textarea className="textarea w-full" rows={2} {...describedBy(id('reason'), errors.reason?.message)} {...form.register('reason')} />
          </FormField>
        </fieldset>
        <OperationNotice state={state} checking={t('dashboard.list.checking')} unknown={t('dashboard.list.unknown')} onCheckAgain={proposal.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <ConfirmStep id={id('confirm')} confirmLabel={t('dashboard.productRates.proposeConfirm')} busy={proposal.busy} onConfirm={proposal.confirm} onCancel={proposal.cancel}>
            {t('dashboard.productRates.confirm', { product: t(`dashboard.productRates.product.${scheme}`), date: formatDate(state.values.effectiveFrom) })}
          </ConfirmStep>
        ) : (
          <div>
            <button ref={proposal.openerRef} type="submit" className="btn btn-primary">
              {t('dashboard.rates.proposeButton')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

/**
 * One product's rates for staff: every sheet (in force, scheduled, earlier, with who proposed and
 * approved it), the proposals with approve and decline, and the form to propose a new sheet.
 * `children` is what the section shows first (the FDR's minimum deposits offered today).
 */
export function ProductRatesSection({ scheme, children }: { scheme: ProductRateScheme; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${scheme}-rates-title`} className="mb-8" data-testid={`${scheme}-rates`}>
      <h2 id={`${scheme}-rates-title`} className="mb-1 text-xl font-bold">
        {t(`dashboard.productRates.titles.${scheme}`)}
      </h2>
      <p className="mb-3 text-sm text-base-content/80">{t(`dashboard.productRates.intro.${scheme}`)}</p>
      {children}
      <Sheets scheme={scheme} />
      <Proposals scheme={scheme} />
      <ProposeRatesForm scheme={scheme} />
    </section>
  );
}
